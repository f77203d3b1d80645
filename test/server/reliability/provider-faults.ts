import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ServiceOptions } from '../../../src/server/services';
import { createTestApp } from '../../support/app';

/**
 * Shared by the provider fault suites (every outbound call capped at 5 s to connect, 15 s in all and
 * 10 MB of body; a failing provider's last good cache still served with the error and the last sync
 * shown; its wait headers honoured without retry storms; malformed JSON never overwriting a good
 * cache): each provider file lists the faults in one table and runs the same checks against it,
 * through the HTTP API the web app uses, as a signed-in person.
 */

/** The total time limit the suites give providers: the fakes' slow answers take far longer, and an
 * oversized body (11 MB, read until the 10 MB cap) must be read well within it on a loaded CI machine. */
export const TIMEOUT_MS = 1_000;
/** How long a fake's slow answer (or slowly streamed body) would take to finish. */
export const SLOW_MS = 5_000;

export type Fault<Mode> = {
  /** The fault as the reliability table names it. */
  name: string;
  /** The fake's failure mode that produces it. */
  mode: Mode;
  /** The exact message the app shows a person, beside the cache or as the error. */
  message: string;
  /** The answer when there is no cache to fall back on: a provider_* code, never a 500. */
  status: number;
  code: string;
  /** Requests the fake receives during one refresh: bounded retries, never a storm. */
  requests: number;
  /** Waits the client made before its retries, as the provider's headers (or its backoff) said. */
  waits?: number[];
  /** Pieces of the provider's body that must never reach our API's answer. */
  raw?: string[];
  /** Timeouts: the refresh must give up long before the fake would have finished. */
  timesOut?: boolean;
};

/** Most faults are one request answered 502 provider_bad_response; a table row says only what differs. */
export function faultTable<Mode>(
  rows: (Omit<Fault<Mode>, 'status' | 'code' | 'requests'> & Partial<Fault<Mode>>)[],
): Fault<Mode>[] {
  return rows.map((row) => ({ status: 502, code: 'provider_bad_response', requests: 1, ...row }));
}

/** The real app on a fresh database, signed in, with the given provider client options. */
export async function signedInApp(services: ServiceOptions) {
  const t = await createTestApp({ services });
  const cookie = await t.signIn();
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  return { t, get, post };
}

export type SignedInApp = Awaited<ReturnType<typeof signedInApp>>;

/** Times one API call, so a timeout case can prove it did not wait for the slow provider. */
export async function timed<T>(call: () => Promise<T>): Promise<{ res: T; ms: number }> {
  const started = performance.now();
  const res = await call();
  return { res, ms: performance.now() - started };
}

/** A failed refresh: the same rows, the same last-synced time, and the provider's error beside them. */
export function expectCacheKept(res: LightMyRequestResponse, before: object, message: string): void {
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ...before, cached: true, error: message });
}

/** No cache to serve: the provider's trouble, said plainly, with its provider_* code. */
export function expectProviderError(res: LightMyRequestResponse, fault: Fault<unknown>): void {
  expect(res.json()).toEqual({ code: fault.code, message: fault.message });
  expect(res.statusCode).toBe(fault.status);
}

/** Nothing of the provider's own body (an HTML page, a truncated document…) is passed on. */
export function expectNoRawBody(res: LightMyRequestResponse, fault: Fault<unknown>): void {
  expect(res.body).not.toMatch(/<[a-z!/]/i);
  for (const piece of fault.raw ?? []) expect(res.body).not.toContain(piece);
}

/** The timing checks every fault shares: bounded requests, advised waits, no waiting out a timeout. */
export function expectPaced(
  fault: Fault<unknown>,
  seen: { requests: number; waits: number[]; ms: number },
): void {
  expect(seen.requests).toBe(fault.requests);
  expect(seen.waits).toEqual(fault.waits ?? []);
  if (fault.timesOut) expect(seen.ms).toBeLessThan(SLOW_MS / 2);
}
