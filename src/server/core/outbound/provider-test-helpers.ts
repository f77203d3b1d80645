import { expect } from 'vitest';
import type { AddressPolicy } from '.';
import { ProviderError } from './provider-error';

/** The address rule for tests against the local fakes: they listen on this machine's loopback. */
export const localTargets: AddressPolicy = { allowPrivate: true };

/** Awaits a promise that must reject with a ProviderError, and returns that error for assertions. */
export async function providerFailure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Instant sleep that moves a fake clock, recording every wait: backoff tests without real waiting. */
export function fakeTime(start = Date.UTC(2025, 0, 1)) {
  let now = start;
  const waits: number[] = [];
  return {
    waits,
    clock: { now: () => new Date(now) },
    sleep: async (ms: number) => {
      waits.push(ms);
      now += ms;
    },
  };
}
