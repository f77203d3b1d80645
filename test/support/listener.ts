import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Listener = {
  /** The port, the same on 127.0.0.1 and (when this machine has IPv6) on ::1. */
  port: number;
  /** Every request that arrived, with the Authorization header it carried. */
  received: { host: string; url: string; authorization: string | undefined }[];
  close(): Promise<void>;
};

/**
 * A tiny HTTP server on this machine's loopback (127.0.0.1, and ::1 on the same port where IPv6 is
 * there), standing for whatever internal service an address might point at: tests of the outbound
 * address rule assert it received nothing. It answers JSON a provider client would accept, so a
 * request that got through would be noticed, not mistaken for a failure.
 */
export async function startListener(): Promise<Listener> {
  const received: Listener['received'] = [];
  const handler = (server: Server) => {
    server.on('request', (req, res) => {
      received.push({
        host: req.headers.host ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 1, name: 'Internal service', email: 'root@internal', data: [] }));
    });
    return server;
  };
  const v4 = handler(createServer());
  await new Promise<void>((resolve) => v4.listen(0, '127.0.0.1', resolve));
  const { port } = v4.address() as AddressInfo;
  const servers = [v4];
  const v6 = handler(createServer());
  const listening = await new Promise<boolean>((resolve) => {
    v6.once('error', () => resolve(false));
    v6.listen(port, '::1', () => resolve(true));
  });
  if (listening) servers.push(v6);
  return {
    port,
    received,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections();
              server.close(() => resolve());
            }),
        ),
      );
    },
  };
}
