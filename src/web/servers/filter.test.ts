import type { Server } from '@shared/servers';
import { describe, expect, it } from 'vitest';
import { serverIp, serverName } from './filter';

const server = (id: number, label: string, ip: string | null, ip_address: string | null = null) =>
  ({ id, label, name: label.toLowerCase(), ip, ip_address }) as Server;
const servers = [server(1, 'Web-London', '10.0.0.1'), server(2, 'db-paris', null, '192.168.1.20')];

describe('serverIp and serverName', () => {
  it('fall back from ip to ip_address and from label to an id', () => {
    expect(serverIp(servers[1]!)).toBe('192.168.1.20');
    expect(serverIp({ ip: null, ip_address: null })).toBeNull();
    expect(serverName({ id: 9, label: '', name: '' })).toBe('Server 9');
  });
});
