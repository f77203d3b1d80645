import type { ServerResponse } from 'node:http';

/**
 * Transport faults every fake can serve, whatever the provider: a body that trickles in, and a body
 * bigger than the 10 MB cap on every outbound body. Status-code faults stay in each fake, with that
 * provider's own bodies.
 */

/** Just over the 10 MB outbound body cap: only a client that stops reading at the cap survives it. */
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

/** Waits a fake can cancel all at once when it closes (no timer outlives the server). */
export function fakeTimers() {
  const timers = new Set<NodeJS.Timeout>();
  return {
    delay: (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      }),
    clear() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}

export type FailureOptions = {
  /** Answer this many requests normally first. */
  after?: number;
  /** Fail this many requests, then answer normally again (default: every one). */
  times?: number;
};

/** Which requests a fake fails, and how: set by the test, taken once per request by the fake. */
export class FailureSchedule<Mode> {
  private failure: { mode: Mode; after: number; times: number } | null = null;

  set(mode: Mode | null, options: FailureOptions = {}): void {
    this.failure =
      mode === null
        ? null
        : { mode, after: options.after ?? 0, times: options.times ?? Number.POSITIVE_INFINITY };
  }

  /** The failure for this request, or null to answer normally. */
  take(): Mode | null {
    const f = this.failure;
    if (!f) return null;
    if (f.after > 0) {
      f.after--;
      return null;
    }
    if (--f.times <= 0) this.failure = null;
    return f.mode;
  }
}
