import type { ServerResponse } from 'node:http';

/**
 * Transport faults every fake can serve, whatever the provider: a body that trickles in, and a body
 * bigger than R1's 10 MB cap. Status-code faults stay in each fake, with that provider's own bodies.
 */

/** Just over R1's 10 MB cap: only a client that stops reading at the cap survives it. */
export const OVERSIZED_BYTES = 11 * 1024 * 1024;

/**
 * Makes the next `res.end(body)` send the headers and the first piece at once, then the rest in pieces
 * spread over `totalMs`: a provider that answers at once but streams its body slowly. Stops when the
 * client hangs up.
 */
export function trickleBody(
  res: ServerResponse,
  totalMs: number,
  delay: (ms: number) => Promise<void>,
  pieces = 10,
): void {
  const end = res.end.bind(res);
  res.end = ((chunk?: unknown) => {
    const text = typeof chunk === 'string' ? chunk : chunk ? String(chunk) : '';
    const size = Math.max(1, Math.ceil(text.length / pieces));
    void (async () => {
      for (let i = 0; i < text.length && !res.destroyed; i += size) {
        res.write(text.slice(i, i + size));
        await delay(totalMs / pieces);
      }
      if (!res.destroyed) end();
    })();
    return res;
  }) as ServerResponse['end'];
}

/** A 200 JSON document of `bytes` bytes, streamed without Content-Length so the cap must hold mid-read. */
export function sendOversized(res: ServerResponse, bytes = OVERSIZED_BYTES): void {
  const open = '{"data":[],"padding":"';
  const close = '"}';
  res.writeHead(200, { 'content-type': 'application/json' });
  res.on('error', () => {}); // the client hangs up once it has read past its cap
  res.write(open);
  res.write('x'.repeat(Math.max(0, bytes - open.length - close.length)));
  res.end(close);
}
