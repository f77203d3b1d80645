import http from 'node:http';
import net from 'node:net';

/**
 * POST /api/clients on its own connection, with only the first half of the body sent: the request is
 * in flight until finish() sends the rest. `response` resolves with the answer or rejects on a reset.
 */
export function halfSentCreate(baseUrl: string, cookie: string, name: string) {
  const body = JSON.stringify({ name });
  const { hostname, port } = new URL(baseUrl);
  const req = http.request({
    host: hostname,
    port,
    path: '/api/clients',
    method: 'POST',
    agent: false,
    headers: { cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
      res.on('error', reject);
    });
  });
  response.catch(() => {}); // Awaited later; a reset must not surface as an unhandled rejection first.
  return { response, finish: () => req.end(body.slice(half)) };
}

/** Whether a new TCP connection to the port is accepted or refused. */
export function tryConnect(port: number): Promise<'accepted' | 'refused' | string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve('accepted');
    });
    socket.once('error', (err: NodeJS.ErrnoException) =>
      resolve(err.code === 'ECONNREFUSED' ? 'refused' : (err.code ?? err.message)),
    );
  });
}

/** GET on a keep-alive agent, leaving an idle open connection behind (as a browser tab does). */
export function keepAliveGet(baseUrl: string, agent: http.Agent, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${baseUrl}${path}`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}
