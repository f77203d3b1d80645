import type { Server } from '@shared/servers';

/** The address to show: GridPane gives either ip or ip_address. */
export function serverIp(server: Pick<Server, 'ip' | 'ip_address'>): string | null {
  return server.ip || server.ip_address || null;
}

export function serverName(server: Pick<Server, 'label' | 'name' | 'id'>): string {
  return server.label || server.name || `Server ${server.id}`;
}

/** Servers whose label, name or IP address contains the term (any case). */
export function filterServers(servers: readonly Server[], search: string): Server[] {
  const term = search.trim().toLowerCase();
  if (!term) return [...servers];
  return servers.filter((server) =>
    [server.label, server.name, server.ip, server.ip_address].some((v) => v?.toLowerCase().includes(term)),
  );
}
