import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../../test/support/database';
import type { Database } from '../../db/client';
import { AppError } from '../errors';
import { ProviderError } from '../outbound/provider-error';
import { JobEngine, type JobSpec } from './engine';
import type { JobRef } from './registry';

/** A job name for these tests (several tests reuse one name, so not defineJob's registry). */
const job = <D extends object = object, R = unknown>(name: string): JobRef<D, R> => ({ name });

let database: Database;
let engine: JobEngine;
beforeEach(async () => {
  database = await createTestDatabase();
  engine = new JobEngine(database, { supervise: false, schedule: false });
});
afterEach(async () => {
  await engine.stop();
  await database.close();
});

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { open, opened };
};

describe('JobEngine', () => {
  it('runs a job and hands its value to whoever waits', async () => {
    await engine.start([{ name: 'double', policy: 'standard', run: async (d: { n: number }) => d.n * 2 }]);
    expect(await engine.run(job('double'), { n: 21 })).toBe(42);
  });

  it('rethrows an expected failure with its own type, status and message, and does not retry it', async () => {
    let runs = 0;
    await engine.start([
      {
        name: 'provider',
        policy: 'stately',
        run: async () => {
          runs++;
          throw new ProviderError('timeout', 'GridPane did not answer within 15 s', { provider: 'gridpane' });
        },
      },
      {
        name: 'app',
        policy: 'stately',
        run: async () => {
          throw new AppError(
            409,
            'integration_not_configured',
            'Please configure GridPane integration first',
          );
        },
      },
    ]);
    const err = await engine.run(job('provider')).catch((e) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect(err).toMatchObject({
      kind: 'timeout',
      status: 504,
      message: 'GridPane did not answer within 15 s',
    });
    const app = await engine.run(job('app')).catch((e) => e);
    expect(app).toBeInstanceOf(AppError);
    expect(app).toMatchObject({ status: 409, code: 'integration_not_configured' });
    await engine.idle();
    expect(runs).toBe(1);
  });

  it('is idle once the work is done while a perpetual job (the checks scheduler) keeps its turn', async () => {
    const stop = gate();
    const started = gate();
    let ran = 0;
    await engine.start([
      {
        name: 'forever',
        policy: 'stately',
        perpetual: true,
        run: async () => {
          started.open();
          await stop.opened;
        },
      },
      { name: 'work', policy: 'standard', run: async () => ran++ },
    ]);
    await engine.send(job('forever'));
    await started.opened;
    await engine.send(job('work'));
    // Before perpetual jobs were set aside, this waited for ever (the bench's seeding hung on it).
    await engine.idle();
    expect(ran).toBe(1);
    stop.open();
  });

  it('stops at once while a perpetual job holds its turn: that job is told to hand it on', async () => {
    const started = gate();
    let handedOn = false;
    await engine.start([
      {
        name: 'turn',
        policy: 'stately',
        perpetual: true,
        run: async (_d, job) => {
          started.open();
          await new Promise<void>((resolve) => job.signal.addEventListener('abort', () => resolve()));
          handedOn = true;
        },
      },
    ]);
    await engine.send(job('turn'));
    await started.opened;
    const since = performance.now();
    await engine.stop(20_000);
    expect(handedOn).toBe(true);
    expect(performance.now() - since).toBeLessThan(10_000); // not the 20 s grace
  });

  it('retries an unexpected error with backoff, and the waiting caller hears of the failure', async () => {
    let runs = 0;
    await engine.start([
      {
        name: 'flaky',
        policy: 'stately',
        retryLimit: 1,
        retryDelaySeconds: 1,
        run: async () => {
          runs++;
          if (runs === 1) throw new Error('connection terminated');
          return 'second time lucky';
        },
      },
    ]);
    await expect(engine.run(job('flaky'))).rejects.toThrow(/flaky failed: connection terminated/);
    // The retry runs by itself a moment later.
    await new Promise((r) => setTimeout(r, 2500));
    await engine.idle();
    expect(runs).toBe(2);
  });

  it('joins a refresh asked for while one waits (one running, at most one waiting)', async () => {
    const first = gate();
    let runs = 0;
    const spec: JobSpec = {
      name: 'sync',
      policy: 'stately',
      run: async () => {
        runs++;
        if (runs === 1) await first.opened;
        return runs;
      },
    };
    await engine.start([spec]);
    // Counts the queue requests that went through, so the first run ends only after both others queued.
    let sent = 0;
    const send = engine.send.bind(engine);
    engine.send = async (...args: Parameters<typeof send>) => {
      const id = await send(...args);
      sent++;
      return id;
    };
    const running = engine.run(job<object, number>('sync'));
    await waitFor(() => runs === 1);
    expect(await engine.isBusy(job('sync'))).toBe(true);
    // Two more refreshes while the first runs: they share one queued job.
    const second = engine.run(job<object, number>('sync'));
    const third = engine.run(job<object, number>('sync'));
    await waitFor(() => sent === 3);
    await new Promise((r) => setTimeout(r, 100)); // the third joins the waiting job it found
    first.open();
    expect(await running).toBe(1);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    await engine.idle();
    expect(runs).toBe(2);
    expect(await engine.isBusy(job('sync'))).toBe(false);
  });

  it('records cron schedules, and drops a schedule the code no longer has', async () => {
    await engine.start([{ name: 'tick', policy: 'stately', cron: '*/5 * * * *', run: async () => null }]);
    const { rows } = await database.query("select cron from pgboss.schedule where name = 'tick'");
    expect(rows).toEqual([{ cron: '*/5 * * * *' }]);
    await engine.stop();
    const again = new JobEngine(database, { supervise: false, schedule: false });
    await again.start([{ name: 'tick', policy: 'stately', run: async () => null }]);
    expect((await database.query("select cron from pgboss.schedule where name = 'tick'")).rows).toEqual([]);
    await again.stop();
  });

  it('wakes a caller waiting on another instance as soon as the job ends there, without polling', async () => {
    await engine.start([
      {
        name: 'slow',
        policy: 'standard',
        run: async () => {
          await new Promise((r) => setTimeout(r, 300));
          return 'done';
        },
      },
    ]);
    // An instance that runs no job itself and would look again only after a minute: only the other
    // instance's announcement that the job ended can wake it in time.
    const asker = new JobEngine(database, {
      supervise: false,
      schedule: false,
      waitLook: { firstMs: 60_000, longestMs: 60_000 },
    });
    await asker.start([]);
    try {
      const started = Date.now();
      expect(await asker.run(job<object, string>('slow'))).toBe('done');
      expect(Date.now() - started).toBeLessThan(30_000);
    } finally {
      await asker.stop();
    }
  }, 40_000);

  it('takes work sent while it is still starting (the server answers before it runs)', async () => {
    const starting = engine.start([
      { name: 'double', policy: 'standard', run: async (d: { n: number }) => d.n * 2 },
    ]);
    expect(engine.started).toBe(false); // readiness says not yet
    // Sent before the queue exists: it waits for the start instead of failing.
    const answer = engine.run(job('double'), { n: 4 });
    await starting;
    expect(engine.started).toBe(true);
    expect(await answer).toBe(8);
    // Inside a transaction it must not wait (on PGlite the transaction holds the start's connection).
    const other = new JobEngine(database, { supervise: false, schedule: false });
    const started = other.start([{ name: 'later', policy: 'standard', run: async () => null }]);
    await expect(other.send(job('later'), {}, { tx: database.db })).rejects.toThrow(/still starting/);
    await started;
    expect(await other.send(job('later'), {}, { tx: database.db })).toEqual(expect.any(String));
    await other.stop();
  });

  it('sends a deferrable request made in a transaction during the start as soon as it runs', async () => {
    const ran: number[] = [];
    const third = new JobEngine(database, { supervise: false, schedule: false });
    const starting = third.start([
      {
        name: 'deferred',
        policy: 'standard',
        run: async (d: { n: number }) => {
          ran.push(d.n);
          return null;
        },
      },
    ]);
    // An integration saved in the seconds after a start: the request is not refused, and not lost.
    expect(
      await third.send(job('deferred'), { n: 7 }, { tx: database.db, deferWhileStarting: true }),
    ).toBeNull();
    await starting;
    await waitFor(() => ran.includes(7), 15_000);
    await third.stop();
  });

  it('refuses new work once stopped, and a stopped engine ends its waiters', async () => {
    const never = gate();
    await engine.start([{ name: 'slow', policy: 'stately', run: () => never.opened }]);
    const waiting = engine.run(job('slow')).catch((e: Error) => e.message);
    await waitFor(async () => engine.isBusy(job('slow')));
    const stopping = engine.stop(1000);
    expect(await waiting).toMatch(/shutting down/);
    never.open();
    await stopping;
    await expect(engine.send(job('slow'))).rejects.toThrow(/not running/);
  });
});

async function waitFor(ok: () => boolean | Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
