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
import type { Database, Db } from '../db/client';
import { type JobOutcome, outcomeOf, rethrow } from './outcome';

/** A named kind of background work: how it queues, how it retries, and the function that does it. */
export type JobSpec<Data extends object = object> = {
  name: string;
  /**
   * stately: at most one waiting and one running anywhere (syncs: a refresh asked for while one runs
   * queues exactly one more). standard: every job runs (one per check, per alert …).
   */
  policy: Extract<QueuePolicy, 'stately' | 'standard' | 'singleton'>;
  run: (data: Data, job: { id: string; signal: AbortSignal }) => Promise<unknown>;
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
};

const SCHEMA = 'pgboss';

export type SendOptions = { tx?: Db; startAfter?: Date };

/**
 * The one job engine (pg-boss on the app's database, PostgreSQL or the embedded PGlite): named queues,
 * cron schedules that fire once across instances, retries with backoff, and a heartbeat so a killed
 * instance's job is resumed by another. Callers either send work and move on, or run it and wait for
 * its outcome, whichever instance does it.
 */
export class JobEngine {
  private boss: PgBoss | undefined;
  private readonly specs = new Map<string, JobSpec>();
  private readonly waiters = new Set<() => void>();
  private readonly busyReads = new Map<string, Promise<boolean>>();
  private stopping = false;
  /** Aborted when the engine stops: what perpetual jobs listen to. */
  private readonly closing = new AbortController();
  /** The start under way or done: calls arriving while the engine starts wait for it. */
  private opening: Promise<void> | undefined;
  private running = false;
  private log: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'> | undefined;

  constructor(
    private readonly database: Pick<Database, 'engine' | 'query'>,
    private readonly options: EngineOptions = {},
  ) {}

  /** Every queue set up and its workers on (readiness). */
  get started(): boolean {
    return this.running && !this.stopping;
  }

  /**
   * Starts the engine once: the server may take requests meanwhile (it serves sooner, quality bar P6);
   * a job sent before the queues exist waits for them.
   */
  start(specs: JobSpec<never>[], log?: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>): Promise<void> {
    this.opening ??= this.open(specs, log);
    return this.opening;
  }

  private async open(
    specs: JobSpec<never>[],
    log?: Pick<FastifyBaseLogger, 'debug' | 'warn' | 'error'>,
  ): Promise<void> {
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
    const existing = new Set((await boss.getQueues()).map((q) => q.name));
    // Side by side: on PostgreSQL each queue's set-up is a few round trips of its own (start-up, P6).
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
      const outcome = await outcomeOf(() => spec.run(job.data, { ...job, signal }));
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
  async send(name: string, data: object = {}, opts: SendOptions = {}): Promise<string | null> {
    return (await this.require(opts)).send(name, data, {
      ...(opts.tx ? { db: fromDrizzle(opts.tx as unknown as DrizzleTransactionLike, sql) } : {}),
      ...(opts.startAfter ? { startAfter: opts.startAfter } : {}),
    });
  }

  /** Queues many jobs in one statement (the check scheduler's batches), in the transaction if given. */
  async insert(name: string, jobs: Pick<JobInsert, 'data' | 'startAfter'>[], opts: SendOptions = {}) {
    if (jobs.length === 0) return;
    await (await this.require(opts)).insert(
      name,
      jobs,
      opts.tx ? { db: fromDrizzle(opts.tx as unknown as DrizzleTransactionLike, sql) } : {},
    );
  }

  /**
   * Runs a job and waits for its outcome, whichever instance takes it: the value it returned, or the
   * error it ended with (a provider's error keeps its type, so pages answer as before). A job already
   * waiting for the same work is joined instead of queueing another.
   */
  async run<T>(name: string, data: object = {}): Promise<T> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = (await this.send(name, data)) ?? (await this.pendingJobId(name));
      if (id) return this.waitFor<T>(name, id);
      // The waiting job started and finished between the two reads: ask again.
    }
    throw new Error(`Could not queue ${name}.`);
  }

  /** Whether a job of this name waits or runs anywhere now (pages show "refreshing" meanwhile). */
  isBusy(name: string): Promise<boolean> {
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
    for (const wake of this.waiters) wake();
    await this.boss.stop({ graceful: true, timeout: timeoutMs, close: true });
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

  private async waitFor<T>(name: string, id: string): Promise<T> {
    let pause = 25;
    for (;;) {
      const job = await (await this.require()).getJobById(name, id);
      if (!job) throw new Error(`Job ${name} ${id} disappeared.`);
      if (job.state === 'completed') return rethrow<T>(job.output as JobOutcome);
      if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'retry') {
        const message = (job.output as { message?: string } | null)?.message;
        throw new Error(message ? `${name} failed: ${message}` : `${name} failed.`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, pause);
        this.waiters.add(wake);
      });
      if (this.stopping) throw new Error('The job engine is shutting down.');
      pause = Math.min(pause * 2, 500);
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A provider sync: one running and at most one waiting anywhere; a killed instance's sync is taken over
 * after 20 s without a heartbeat; an unexpected crash is retried within seconds.
 */
export const providerSyncSpec = <Data extends object = object>(
  name: string,
  run: JobSpec<Data>['run'],
): JobSpec<Data> => ({ name, policy: 'stately', heartbeatSeconds: 20, retryDelaySeconds: 5, run });
