import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type DrizzleTransactionLike,
  fromDrizzle,
  fromPglite,
  type Job,
  type JobInsert,
  PgBoss,
  type QueuePolicy,
} from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { namedWork } from '../../db/slow-statements';
import { asBackgroundWork } from '../cache/kept';
import { type JobOutcome, outcomeOf, rethrow } from './outcome';
import type { JobRef } from './registry';

export { defineJob, type JobRef } from './registry';

/** The operator's log, as jobs write to it. */
export type JobLog = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/** A named kind of background work: how it queues, how it retries, and the function that does it. */
export type JobSpec<Data extends object = object> = {
  /** The job's name: `ref.name` of the JobRef its area defines. */
  name: string;
  /**
   * stately: at most one waiting and one running anywhere (syncs: a refresh asked for while one runs
   * queues exactly one more). standard: every job runs (one per check, per alert …).
   */
  policy: Extract<QueuePolicy, 'stately' | 'standard' | 'singleton'>;
  run: (data: Data, job: { id: string; signal: AbortSignal; log: JobLog }) => Promise<unknown>;
  /** Retries after a crash or an unexpected error (expected failures are outcomes, never retried). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The longest wait between retries (backoff doubles up to it). */
  retryDelayMaxSeconds?: number;
  /** A running job whose instance stops beating for this long is taken over by another one. */
  heartbeatSeconds?: number;
  expireInSeconds?: number;
  /** How many fetch loops one instance runs for this queue. */
  concurrency?: number;
  /** Jobs taken per fetch (each run side by side and settled on its own); a backlog drains at once. */
  batchSize?: number;
  /** Cron expression (UTC): fires once per slot however many instances run. */
  cron?: string;
  /** Never done by design (each run hands its turn to the next, as the checks scheduler does): `idle` does not wait for it. */
  perpetual?: boolean;
};

export type EngineOptions = {
  /** Maintenance and expiry supervision (off in most tests: they run for seconds, not minutes). */
  supervise?: boolean;
  superviseIntervalSeconds?: number;
  /** Whether this instance evaluates cron schedules. */
  schedule?: boolean;
  /**
   * How a caller waiting for a job looks at it when no announcement of its end arrives: the first
   * pause and the longest (each pause doubles). Tests set both long to prove the announcement alone
   * wakes a waiter.
   */
  waitLook?: { firstMs: number; longestMs: number };
};

const SCHEMA = 'pgboss';

/** For an engine started without a log (some tests). */
const silentLog: JobLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export type SendOptions = {
  tx?: Db;
  startAfter?: Date;
  /**
   * Not before this many milliseconds from now, in real time rather than the app's clock: the engine
   * takes due jobs by the database's own time, whatever a test's clock says.
   */
  delayMs?: number;
  /**
   * A request for work that may come before the engine runs (an integration saved in the seconds after
   * a start): sent in the transaction when the engine runs, else sent as soon as it does, outside the
   * transaction (so even if the transaction rolls back). For work that is harmless to do once too
   * often, never for work that must exist exactly with a row (an alert with its incident).
   */
  deferWhileStarting?: boolean;
};

/**
 * The one job engine (pg-boss on the app's database, PostgreSQL or the embedded PGlite): named queues,
 * cron schedules that fire once across instances, retries with backoff, and a heartbeat so a killed
 * instance's job is resumed by another. Callers either send work and move on, or run it and wait for
 * its outcome, whichever instance does it.
 */
export class JobEngine {
  private boss: PgBoss | undefined;
  private readonly specs = new Map<string, JobSpec>();
  /** Callers waiting for a job's outcome, woken when a job ends (here or on another instance). */
  private readonly waiters = new Set<{ id: string; wake: () => void }>();
  private listening: { close: () => Promise<void> } | undefined;
  private readonly busyReads = new Map<string, Promise<boolean>>();
  private stopping = false;
  /** Aborted when the engine stops: what perpetual jobs listen to. */
  private readonly closing = new AbortController();
  /** The start under way or done: calls arriving while the engine starts wait for it. */
  private opening: Promise<void> | undefined;
  private running = false;
  private log: JobLog | undefined;

  constructor(
    private readonly database: Pick<Database, 'engine' | 'query'>,
    private readonly options: EngineOptions = {},
  ) {}

  /** Every queue set up and its workers on (readiness). */
  get started(): boolean {
    return this.running && !this.stopping;
  }

  /**
   * Starts the engine once: the server may take requests meanwhile (it serves sooner after start-up);
   * a job sent before the queues exist waits for them.
   */
  start(specs: JobSpec<never>[], log?: JobLog): Promise<void> {
    this.opening ??= this.open(specs, log);
    return this.opening;
  }

  private async open(specs: JobSpec<never>[], log?: JobLog): Promise<void> {
    this.log = log;
    const engine = this.database.engine;
    const boss = new PgBoss({
      ...(engine.kind === 'pglite'
        ? { backend: 'pglite' as const, db: fromPglite(engine.pglite) }
        : { connectionString: engine.url, max: 4, application_name: 'agency-hub-jobs' }),
      schema: SCHEMA,
      useListenNotify: true,
      supervise: this.options.supervise ?? true,
      superviseIntervalSeconds: this.options.superviseIntervalSeconds ?? 10,
      schedule: this.options.schedule ?? true,
      // Cron slots are claimed within ~15 s of their minute, so an every-minute schedule stays about a
      // minute apart (the default 30 s claim interval lets two runs drift to 25 s apart).
      cronMonitorIntervalSeconds: 10,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    // A database outage makes the engine's loops fail; they recover by themselves, the process must not die.
    boss.on('error', (err: Error) => this.log?.warn(`Job engine: ${err.message}`));
    await boss.start();
    this.boss = boss;
    // Whichever instance runs a job says when it ends, so a page waiting for it here answers at once
    // rather than at its next look. Without a listener (it failed) waiters keep looking on their own.
    try {
      this.listening = await boss.getDb().listen?.(
        JOB_ENDED,
        (id) => this.wake(id),
        () => this.wake(),
      );
    } catch (err) {
      log?.warn(
        `Job engine: no notifications of ended jobs (${(err as Error).message}); waiting by polling.`,
      );
    }
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    // Side by side: on PostgreSQL each queue's set-up is a few round trips of its own (start-up time).
    await Promise.all((specs as JobSpec[]).map((spec) => this.setUp(boss, spec, existing.has(spec.name))));
    this.running = true;
  }

  private async setUp(boss: PgBoss, spec: JobSpec, exists: boolean): Promise<void> {
    this.specs.set(spec.name, spec);
    const queue = {
      retryLimit: spec.retryLimit ?? 3,
      retryDelay: spec.retryDelaySeconds ?? 30,
      retryBackoff: true,
      ...(spec.retryDelayMaxSeconds ? { retryDelayMax: spec.retryDelayMaxSeconds } : {}),
      expireInSeconds: spec.expireInSeconds ?? 15 * 60,
      ...(spec.heartbeatSeconds ? { heartbeatSeconds: spec.heartbeatSeconds } : {}),
      deleteAfterSeconds: 24 * 3600,
      notify: true,
    };
    // A queue's policy is fixed when it is made; its other settings follow the code at every start.
    if (exists) await boss.updateQueue(spec.name, queue);
    else await boss.createQueue(spec.name, { ...queue, policy: spec.policy });
    const polling = { notifyPollingIntervalSeconds: 5, pollingIntervalSeconds: 2 };
    const localConcurrency = spec.concurrency ?? 1;
    if ((spec.batchSize ?? 1) === 1) {
      await boss.work(spec.name, { ...polling, localConcurrency }, async ([job]: Job<object>[]) =>
        this.perform(spec, job!),
      );
    } else {
      // Several at a time, each settled on its own; a full batch fetches the next at once (a backlog
      // drains without waiting for the next poll).
      await boss.work(
        spec.name,
        {
          ...polling,
          localConcurrency,
          batchSize: spec.batchSize,
          perJobResults: true,
          burstWhenBatchFull: true,
        },
        async (jobs: Job<object>[]) =>
          Promise.all(
            jobs.map(async (job) => {
              try {
                return { id: job.id, status: 'completed' as const, output: await this.perform(spec, job) };
              } catch (err) {
                return { id: job.id, status: 'failed' as const, output: { message: (err as Error).message } };
              }
            }),
          ),
      );
    }
    if (spec.cron) await boss.schedule(spec.name, spec.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(spec.name);
  }

  private async perform(spec: JobSpec, job: Job<object>): Promise<JobOutcome> {
    this.log?.debug({ job: spec.name, id: job.id }, 'Job started');
    try {
      // A perpetual job (the checks scheduler, a minute per turn) hands its turn on when this instance
      // stops instead of holding the shutdown for the whole grace period; others finish their work.
      const signal = spec.perpetual ? AbortSignal.any([job.signal, this.closing.signal]) : job.signal;
      const log = this.log ?? silentLog;
      // Its statements carry the job's name into the slow-statement log.
      const outcome = await outcomeOf(() =>
        namedWork(spec.name, () =>
          // A perpetual job (the checks' scheduler) only hands out work, which runs as jobs of its own.
          spec.perpetual
            ? spec.run(job.data, { ...job, signal, log })
            : asBackgroundWork(() => spec.run(job.data, { ...job, signal, log })),
        ),
      ).finally(() => this.announceEnd(job.id));
      // Expected failures are already recorded where people see them; the operator's log gets a line too.
      if (!outcome.ok)
        this.log?.warn({ job: spec.name }, `Background job ${spec.name} failed: ${outcome.error.message}`);
      return outcome;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.log?.error(
        { job: spec.name },
        `Background job ${spec.name} failed (it will be retried): ${message}`,
      );
      throw err;
    }
  }

  /**
   * Queues a job; null when an identical one already waits (stately queues). With a transaction, the
   * job exists exactly when the transaction commits (an alert with its incident, never one without).
   */
  async send<Data extends object>(
    job: JobRef<Data>,
    data: Data = {} as Data,
    opts: SendOptions = {},
  ): Promise<string | null> {
    if (opts.tx && opts.deferWhileStarting && !this.running && this.opening && !this.stopping) {
      const { tx: _inTransaction, ...later } = opts;
      void this.opening
        .then(() => this.send(job, data, later))
        .catch((err: Error) =>
          this.log?.warn({ job: job.name }, `Could not queue ${job.name}: ${err.message}`),
        );
      return null;
    }
    return (await this.require(opts)).send(job.name, data, {
      ...(opts.tx ? { db: fromDrizzle(opts.tx as unknown as DrizzleTransactionLike, sql) } : {}),
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
      ...(opts.delayMs ? { startAfter: new Date(Date.now() + opts.delayMs) } : {}),
    });
  }

  /** Queues many jobs in one statement (the check scheduler's batches), in the transaction if given. */
  async insert<Data extends object>(
    job: JobRef<Data>,
    jobs: (Pick<JobInsert, 'startAfter'> & { data: Data })[],
    opts: SendOptions = {},
  ) {
    if (jobs.length === 0) return;
    await (await this.require(opts)).insert(
      job.name,
      jobs,
      opts.tx ? { db: fromDrizzle(opts.tx as unknown as DrizzleTransactionLike, sql) } : {},
    );
  }

  /**
   * Runs a job and waits for its outcome, whichever instance takes it: the value it returned, or the
   * error it ended with (a provider's error keeps its type, so pages answer as before). A job already
   * waiting for the same work is joined instead of queueing another.
   */
  async run<Data extends object, Result>(
    job: JobRef<Data, Result>,
    data: Data = {} as Data,
  ): Promise<Result> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = (await this.send(job, data)) ?? (await this.pendingJobId(job.name));
      if (id) return this.waitFor<Result>(job.name, id);
      // The waiting job started and finished between the two reads: ask again.
    }
    throw new Error(`Could not queue ${job.name}.`);
  }

  /**
   * Waits for the job of this name that waits or runs now, anywhere, or runs one when there is none:
   * for callers that need work done since they asked rather than a run started after they asked.
   */
  async joinOrRun<Data extends object, Result>(
    job: JobRef<Data, Result>,
    data: Data = {} as Data,
  ): Promise<Result> {
    const id = await this.pendingJobId(job.name);
    return id ? this.waitFor<Result>(job.name, id) : this.run(job, data);
  }

  /**
   * The engine as seen from inside one transaction: what it sends and inserts is queued in that
   * transaction (it exists exactly when the transaction commits). Waiting for work or asking whether
   * some runs is refused there: the job cannot start before the transaction ends, and on PGlite the
   * transaction holds the one connection the question needs, so either would wait for ever.
   */
  within(tx: Db): JobEngine {
    const bound = Object.create(this) as JobEngine;
    const refuse = () =>
      Promise.reject(
        new Error(
          'Waiting for background work inside a transaction would wait for ever: ' +
            'wait after the transaction, or queue the job and answer at once.',
        ),
      );
    bound.send = (job, data, opts = {}) => this.send(job, data, { tx, ...opts });
    bound.insert = (job, jobs, opts = {}) => this.insert(job, jobs, { tx, ...opts });
    bound.run = refuse;
    bound.joinOrRun = refuse;
    bound.isBusy = refuse;
    return bound;
  }

  /** Whether a job of this name waits or runs anywhere now (pages show "refreshing" meanwhile). */
  isBusy(job: Pick<JobRef, 'name'>): Promise<boolean> {
    const name = job.name;
    // List pages ask on every view: calls arriving together share one read of the queue.
    const joined = this.busyReads.get(name);
    if (joined) return joined;
    const reading = this.pendingJobId(name)
      .then((id) => id !== undefined)
      .finally(() => this.busyReads.delete(name));
    this.busyReads.set(name, reading);
    return reading;
  }

  /**
   * Resolves once no job of ours waits to run or runs (tests and tools wait for background work),
   * perpetual ones aside: they never settle.
   */
  async idle(): Promise<void> {
    await this.opening?.catch(() => {});
    const names = [...this.specs.values()].filter((s) => !s.perpetual).map((s) => s.name);
    if (!this.boss || names.length === 0) return;
    for (;;) {
      const { rows } = await this.database.query(
        `select count(*)::int as n from ${SCHEMA}.job where name = any($1) and state < 'completed' and start_after <= now()`,
        [names],
      );
      if (rows[0]?.n === 0) return;
      await sleep(50);
    }
  }

  /** Stops taking jobs, lets the running ones finish (up to timeoutMs), then fails what is left so
   * another instance retries it. */
  async stop(timeoutMs = 8000): Promise<void> {
    await this.opening?.catch(() => {});
    if (!this.boss || this.stopping) return;
    this.stopping = true;
    this.closing.abort();
    this.wake();
    await this.listening?.close().catch(() => {});
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
  }

  /** Tells every instance's waiters that this job's work is over (its state follows within moments). */
  private announceEnd(id: string): void {
    this.boss
      ?.getDb()
      .executeSql('select pg_notify($1, $2)', [JOB_ENDED, id])
      .catch(() => {}); // a waiter still looks by itself
  }

  /** Wakes the waiters of one job, or all of them (a reconnect may have missed notifications). */
  private wake(id?: string): void {
    for (const waiter of this.waiters) if (id === undefined || waiter.id === id) waiter.wake();
  }

  private async require(opts: SendOptions = {}): Promise<PgBoss> {
    // Inside a transaction it must not wait: on PGlite the transaction holds the one connection the
    // start needs. Nothing sends in one before the engine runs (jobs do), so this only guards.
    if (opts.tx && !this.running) throw new Error('The job engine is still starting.');
    await this.opening;
    if (!this.boss || !this.running || this.stopping) throw new Error('The job engine is not running.');
    return this.boss;
  }

  private async pendingJobId(name: string): Promise<string | undefined> {
    await this.opening?.catch(() => {}); // on a new database the engine's tables come with its start
    const { rows } = await this.database.query(
      `select id from ${SCHEMA}.job where name = $1 and state < 'completed' order by created_on desc limit 1`,
      [name],
    );
    return rows[0]?.id as string | undefined;
  }

  /**
   * Looks at the job until it has ended: at once when its end is announced, else after a pause that
   * grows to half a second (the announcement can be lost: a listener reconnecting, a crash).
   */
  private async waitFor<T>(name: string, id: string): Promise<T> {
    const look = this.options.waitLook ?? { firstMs: 25, longestMs: 500 };
    let pause = look.firstMs;
    for (;;) {
      // Once the engine stops, whatever fails here (it closes under us) is the stop itself.
      const job = await this.require()
        .then((boss) => boss.getJobById(name, id))
        .catch((error: unknown) => {
          throw this.stopping ? new Error('The job engine is shutting down.') : error;
        });
      if (!job) throw new Error(`Job ${name} ${id} disappeared.`);
      if (job.state === 'completed') return rethrow<T>(job.output as JobOutcome);
      if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'retry') {
        const message = (job.output as { message?: string } | null)?.message;
        throw new Error(message ? `${name} failed: ${message}` : `${name} failed.`);
      }
      const announced = await new Promise<boolean>((resolve) => {
        const waiter = { id, wake: () => done(true) };
        const done = (woken: boolean) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(woken);
        };
        const timer = setTimeout(() => done(false), pause);
        this.waiters.add(waiter);
      });
      if (this.stopping) throw new Error('The job engine is shutting down.');
      // Announced: its completion is being written; look again in moments, not in half a second.
      pause = announced ? 10 : Math.min(pause * 2, look.longestMs);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The channel on which instances announce that a job ended (its id as the payload). */
const JOB_ENDED = 'agency_hub_job_ended';

/**
 * A provider sync: one running and at most one waiting anywhere; a killed instance's sync is taken over
 * after 20 s without a heartbeat; an unexpected crash is retried within seconds.
 */
export const providerSyncSpec = <Data extends object = object>(
  job: JobRef<Data>,
  run: JobSpec<Data>['run'],
): JobSpec<Data> => ({ name: job.name, policy: 'stately', heartbeatSeconds: 20, retryDelaySeconds: 5, run });
