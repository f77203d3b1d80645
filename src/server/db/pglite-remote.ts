import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { currentWorkName, reportSlowStatement, SLOW_STATEMENT_MS } from './slow-statements';

/*
 * The embedded database on a thread of its own (`pglite-worker.mjs`), seen from the app's thread as the
 * part of PGlite that Drizzle and the job engine call: query, exec, transaction, close. A statement
 * then runs on the database's thread and holds that thread only, so the thread that serves HTTP keeps
 * answering while the fleet's background work runs.
 *
 * Statements go in the order they are asked and PGlite serves them first in, first out, a transaction
 * holding its queue until it ends, as in one thread. Query options cross as data: the row mode, and
 * the types a caller keeps as PostgreSQL's text (the only parsers Drizzle gives, each `v => v`).
 *
 * If the database's thread dies (a crash of the engine, out of memory), every statement waiting fails
 * with a clear error, never left waiting, and a database in a data folder is opened again on a new
 * thread.
 */

// In the source tree the worker sits beside this file; the build copies it beside the bundle.
const WORKER_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-worker.mjs');

export const DATABASE_THREAD_STOPPED =
  "The embedded database's thread stopped, so this did not complete; it is opened again on its data folder. Try again in a moment.";

type Answer = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: RemoteError };
type RemoteError = { name: string; message: string; [field: string]: unknown };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };

/** An error of the database's thread rebuilt here with its fields (code, detail, constraint …). */
function rebuild(remote: RemoteError): Error {
  const error = new Error(remote.message);
  Object.assign(error, remote);
  return error;
}

const optionsOf = (options?: QueryOptions) => ({
  ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
  ...(options?.parsers ? { rawTypes: Object.keys(options.parsers).map(Number) } : {}),
});

export type DatabaseThreadEvent = { kind: 'stopped'; error: Error } | { kind: 'restarted' };

export type RemoteOpenOptions = {
  dataDir?: string;
  loadDataDir?: Blob;
  /** Statements that hold the database's thread this long or longer are reported (500 ms unless set). */
  slowStatementMs?: number;
  /** Told when the database's thread dies and when it serves again (the server logs both). */
  onEvent?: (event: DatabaseThreadEvent) => void;
};

type Engine = {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
};
let engine: Promise<Engine> | undefined;

/**
 * PGlite's WebAssembly, compiled once per process and handed to every database thread (a compiled
 * module crosses threads without being compiled again), with its file bundle read once.
 */
export function pgliteEngine(): Promise<Engine> {
  if (!engine) {
    const require = createRequire(import.meta.url);
    const file = (name: string) => fs.readFileSync(require.resolve(`@electric-sql/pglite/${name}`));
    engine = Promise.all([
      WebAssembly.compile(file('pglite.wasm')),
      WebAssembly.compile(file('initdb.wasm')),
    ]).then(([pgliteWasmModule, initdbWasmModule]) => ({
      pgliteWasmModule,
      initdbWasmModule,
      fsBundle: new Uint8Array(file('pglite.data')),
    }));
    engine.catch(() => {
      engine = undefined;
    });
  }
  return engine;
}

export class RemotePGlite {
  private worker!: Worker;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private nextId = 1;
  private stopped: Error | undefined;
  /** Until the database's thread has opened PGlite, statements wait for it (a restart included). */
  private opening: Promise<void> = Promise.resolve();
  /** Who listens on which channel (LISTEN/NOTIFY: the job engine hears that a job ended). */
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  /** When the engine began what it runs now (ms since the epoch; 0: nothing), written by its thread. */
  private readonly busySince = new Float64Array(new SharedArrayBuffer(8));
  /** How many times the database's thread was started again after it died. */
  restarts = 0;
  closed = false;

  private constructor(private readonly options: RemoteOpenOptions) {}

  /** Starts the database's thread and opens PGlite there (a data folder, or a copy in memory). */
  static async create(options: RemoteOpenOptions): Promise<RemotePGlite> {
    const remote = new RemotePGlite(options);
    await remote.start();
    return remote;
  }

  /** A new database thread with PGlite opened in it; statements asked meanwhile wait for it. */
  private start(): Promise<void> {
    const worker = new Worker(WORKER_FILE);
    this.worker = worker;
    type Slow = { slow: { text: string; ms: number; cpuMs: number; name?: string } };
    type Notification = { notification: { channel: string; payload: string } };
    worker.on('message', (answer: Answer | Notification | Slow) => {
      if ('slow' in answer) {
        const { text, ms, cpuMs, name } = answer.slow;
        reportSlowStatement(text, ms, name ?? 'a request', cpuMs);
        return;
      }
      if ('notification' in answer) {
        for (const listener of this.listeners.get(answer.notification.channel) ?? [])
          listener(answer.notification.payload);
        return;
      }
      const waiting = this.pending.get(answer.id);
      if (!waiting) return;
      this.pending.delete(answer.id);
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(rebuild(answer.error));
    });
    worker.on('error', (error) => this.died(worker, error));
    worker.on('exit', (code) =>
      this.died(worker, new Error(`The database thread ended (exit code ${code}).`)),
    );
    this.opening = (async () => {
      const { options } = this;
      const loadDataDir = options.loadDataDir
        ? new Uint8Array(await options.loadDataDir.arrayBuffer())
        : undefined;
      const { pgliteWasmModule, initdbWasmModule, fsBundle } = await pgliteEngine();
      await this.send(
        {
          op: 'open',
          dataDir: options.dataDir,
          loadDataDir,
          pgliteWasmModule,
          initdbWasmModule,
          fsBundle,
          slowStatementMs: options.slowStatementMs ?? SLOW_STATEMENT_MS,
          busy: this.busySince.buffer,
        },
        loadDataDir ? [loadDataDir.buffer as ArrayBuffer] : [],
      );
    })();
    this.opening.catch(async () => {
      if (this.worker === worker) await worker.terminate();
    });
    return this.opening;
  }

  /**
   * The database's thread died (a crash of the engine, out of memory): whatever waited on it fails
   * with a clear error at once, open transactions included. A database in a data folder is opened
   * again on a new thread (PostgreSQL's recovery replays what was committed); one in memory is gone,
   * and every later statement fails with the same error.
   */
  private died(worker: Worker, cause: unknown): void {
    if (this.worker !== worker || this.closed) return;
    const error = new Error(DATABASE_THREAD_STOPPED, { cause });
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
    this.options.onEvent?.({ kind: 'stopped', error });
    if (!this.options.dataDir) {
      this.stopped = error;
      return;
    }
    this.restarts++;
    this.start().then(
      async () => {
        for (const channel of this.listeners.keys())
          await this.send({ op: 'listen', channel }).catch(() => {});
        this.options.onEvent?.({ kind: 'restarted' });
      },
      (failed: unknown) => {
        this.stopped = new Error(DATABASE_THREAD_STOPPED, { cause: failed });
        this.options.onEvent?.({ kind: 'stopped', error: this.stopped });
      },
    );
  }

  /** Whether the database's thread has stopped for good (then every statement fails with this error). */
  get failed(): Error | undefined {
    return this.stopped;
  }

  private send<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id }, transfer);
    });
  }

  private async call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) throw this.stopped;
    await this.opening;
    if (this.stopped) throw this.stopped;
    return this.send<T>(message);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.call<Results<T>>({
      op: 'query',
      text,
      params,
      tx,
      name: currentWorkName(),
      ...optionsOf(options),
    });
  }

  exec(text: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', text, tx, name: currentWorkName(), ...optionsOf(options) });
  }

  /**
   * Runs `callback` in one transaction on the database's thread: committed when it resolves, rolled
   * back when it throws (or calls `rollback()`), as PGlite's own `transaction` does.
   */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let ended = false;
    let rollbackAsked = false;
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        if (ended) return Promise.reject(new Error('This transaction has already ended.'));
        return this.query<R>(text, params, options, id);
      },
      exec: (text: string, options?: QueryOptions) => {
        if (ended) return Promise.reject(new Error('This transaction has already ended.'));
        return this.exec(text, options, id);
      },
      sql: () => Promise.reject(new Error('Tagged statements are not used here.')),
      rollback: async () => {
        rollbackAsked = true;
        throw new Error('Transaction rolled back.');
      },
      listen: () => Promise.reject(new Error('LISTEN is not used here.')),
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let value: T;
    try {
      value = await callback(tx);
    } catch (error) {
      ended = true;
      await this.call({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    ended = true;
    await this.call({ op: 'end', tx: id, commit: !rollbackAsked });
    return value;
  }

  /**
   * Listens on a channel (PostgreSQL's LISTEN), as PGlite's own `listen`: the answer stops listening.
   * A restarted thread listens again on every channel still listened on.
   */
  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(callback);
    await this.call({ op: 'listen', channel });
    return async () => {
      set.delete(callback);
      if (set.size > 0) return;
      this.listeners.delete(channel);
      await this.call({ op: 'unlisten', channel }).catch(() => {});
    };
  }

  /**
   * Whether the engine answers: at once while it has been running one step of a statement for less
   * than `busyLimitMs` (it is working, and will answer), else asked of its thread, which answers
   * between statements without joining their queue (a statement that holds the thread longer keeps
   * the ask waiting, and the health check says the database is busy). It says whether the engine
   * answers, not how much work is queued before it.
   */
  async ping(busyLimitMs = 1000): Promise<void> {
    if (this.stopped) throw this.stopped;
    const since = this.busySince[0]!;
    if (since > 0 && Date.now() - since < busyLimitMs) return;
    await this.call({ op: 'ping' });
  }

  async dumpDataDir(): Promise<Blob> {
    const bytes = await this.call<Uint8Array>({ op: 'dump' });
    return new Blob([bytes as Uint8Array<ArrayBuffer>]);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      if (!this.stopped) await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }

  /** Ends the database's thread at once, as a crash would (tests of what the app then does). */
  async crash(): Promise<void> {
    await this.worker.terminate();
  }

  /** What Drizzle's PGlite driver and the job engine's PGlite adapter call. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
