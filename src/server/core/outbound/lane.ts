import { createHash } from 'node:crypto';
import type { Clock } from '../clock';

/**
 * One request in flight per provider token, with a minimum gap between requests, so a provider's rate
 * limit is met instead of hammered and backed off from. Module-level so
 * every client instance built for the same token (refresh job, "test connection", a detail page) shares
 * one lane. Keyed by a hash so the token itself is not kept as a map key.
 *
 * `spacingFrom: 'end'` (GridPane) measures the gap from the previous answer, so the gap the provider sees
 * between arrivals is ≥ the spacing whatever the connection set-up time was. `'start'` (Better Uptime)
 * measures it from the previous request's start: a requests-per-second ceiling that slow answers do not
 * make even slower.
 */
export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

type Lane = { tail: Promise<void>; lastStart: number; lastEnd: number };
const lanes = new Map<string, Lane>();

export const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex');

export type LaneOptions = {
  clock: Clock;
  sleep: Sleep;
  minSpacingMs: number;
  spacingFrom?: 'start' | 'end';
};

/** Sends one HTTP request after the spacing has passed; a task may send several (retries after a 429). */
export type Paced = <R>(send: () => Promise<R>) => Promise<R>;

/** Runs `task` once the token's previous task has finished. */
export function runInLane<T>(
  token: string,
  options: LaneOptions,
  task: (paced: Paced) => Promise<T>,
): Promise<T> {
  const key = tokenKey(token);
  const lane = lanes.get(key) ?? {
    tail: Promise.resolve(),
    lastStart: Number.NEGATIVE_INFINITY,
    lastEnd: Number.NEGATIVE_INFINITY,
  };
  lanes.set(key, lane);

  const paced: Paced = async (send) => {
    const from = options.spacingFrom === 'start' ? lane.lastStart : lane.lastEnd;
    // Never more than the spacing itself: a wall clock stepping backwards must not stall the lane.
    const wait = Math.min(options.minSpacingMs, from + options.minSpacingMs - options.clock.now().getTime());
    if (wait > 0) await options.sleep(wait);
    lane.lastStart = options.clock.now().getTime();
    try {
      return await send();
    } finally {
      lane.lastEnd = options.clock.now().getTime();
    }
  };
  const run = lane.tail.then(() => task(paced));
  // The lane only orders tasks; one failure must not poison the ones queued behind it.
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  // Lanes are kept after they drain: lastStart/lastEnd must survive so the next call is still spaced.
  lane.tail = settled;
  return run;
}
