import type { Server } from '@shared/servers';

/** The address to show: GridPane gives either ip or ip_address. */
export function serverIp(server: Pick<Server, 'ip' | 'ip_address'>): string | null {
  return server.ip || server.ip_address || null;
}

export function serverName(server: Pick<Server, 'label' | 'name' | 'id'>): string {
  return server.label || server.name || `Server ${server.id}`;
}
