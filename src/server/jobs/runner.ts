import type { Database } from '../db/client';

/**
 * Runs named jobs (provider syncs) at most once at a time: callers that arrive while a job runs share
 * its result, and across processes the database's job lock lets one process do it. Returns undefined
 * when another process holds the lock.
 */
export class JobRunner {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly background = new Set<Promise<unknown>>();

  constructor(private readonly database: Pick<Database, 'withJobLock'>) {}

  run<T>(name: string, job: () => Promise<T>): Promise<T | undefined> {
    const running = this.inFlight.get(name) as Promise<T | undefined> | undefined;
    if (running) return running;
    const promise = this.database
      .withJobLock(`agency-hub:${name}`, job)
      .finally(() => this.inFlight.delete(name));
    this.inFlight.set(name, promise);
    return promise;
  }

  /** Whether the named job runs in this process now (a page polls while its sync carries on). */
  isRunning(name: string): boolean {
    return this.inFlight.has(name);
  }

  /** Work started without a caller waiting for it (refresh after saving settings …), so idle() sees it. */
  track(work: Promise<unknown>): void {
    const settled = work.catch(() => undefined).finally(() => this.background.delete(settled));
    this.background.add(settled);
  }

  /** Resolves when no job runs any more (used on shutdown, so nothing writes to a closed database). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0 || this.background.size > 0) {
      await Promise.allSettled([...this.inFlight.values(), ...this.background]);
    }
  }
}
