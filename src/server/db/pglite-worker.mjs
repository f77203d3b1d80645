// The embedded database's own thread. It owns the one PGlite instance and answers the app's thread
// over a message port, so a statement that runs for seconds holds this thread only: the thread that
// serves HTTP keeps answering (health, static files, lists whose statements are quick) meanwhile.
//
// Plain JavaScript on purpose: it imports nothing of the app, only PGlite, so it runs as it is from the
// sources (tests) and beside the bundle (production) alike.
//
// Every message is { id, op, ... } and gets one answer { id, ok: true, value } or { id, ok: false,
// error }. Statements run in the order they arrive: PGlite serves its queue first in, first out, and a
// transaction holds it until the app's thread commits or rolls it back, exactly as in one thread.
import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** @type {PGlite | undefined} */
let pglite;
/** Open transactions by id: the transaction PGlite handed over, and how to end it. */
const transactions = new Map();
/** Each open transaction's outcome (its commit or rollback), which `end` answers with. */
const pendingEnds = new Map();
let nextTransaction = 1;
/** The channels the app's thread listens on, each with how to stop. */
const listening = new Map();

/*
 * The slow-statement log's timing. PGlite runs each protocol message synchronously in
 * `execProtocolRawSync`; a statement is the messages from its Parse (or simple Query) to its Sync, and
 * its time is the sum of those runs: the time it held this thread, not the time it waited its turn
 * (with the processor time this thread used meanwhile, which a busy machine does not inflate).
 * Each statement asked carries the name of the work that asked (statements of one text are served
 * first in, first out, so the names queue by text).
 */
let slowMs = Number.POSITIVE_INFINITY;
const namesByText = new Map();
const decoder = new TextDecoder();

function nameStatement(text, name) {
  if (!name || slowMs === Number.POSITIVE_INFINITY) return;
  const names = namesByText.get(text) ?? [];
  if (names.length < 1000) names.push(name);
  namesByText.set(text, names);
}

/** The statement's text in a Parse ('P': name, then text) or a simple Query ('Q': text) message. */
function textOf(message) {
  let start = 5;
  if (message[0] === 0x50) start = message.indexOf(0, start) + 1;
  const end = message.indexOf(0, start);
  return decoder.decode(message.subarray(start, end < 0 ? message.length : end));
}

/**
 * Shared with the app's thread: when the engine began what it runs now (milliseconds since the epoch),
 * 0 while it runs nothing. The app's health check reads it without asking this thread, which cannot
 * answer while a statement holds it.
 */
let busySince;

function timeStatements(instance) {
  const run = instance.execProtocolRawSync.bind(instance);
  let current;
  instance.execProtocolRawSync = (message) => {
    const kind = message[0];
    if (kind === 0x50 || kind === 0x51) current = { text: textOf(message), ms: 0, cpuMs: 0 };
    const started = performance.now();
    const cpu = process.threadCpuUsage();
    if (busySince) busySince[0] = Date.now();
    try {
      return run(message);
    } finally {
      if (busySince) busySince[0] = 0;
      if (current) {
        const used = process.threadCpuUsage(cpu);
        current.ms += performance.now() - started;
        current.cpuMs += (used.user + used.system) / 1000;
      }
      if (current && kind === 0x53) {
        const { text, ms, cpuMs } = current;
        current = undefined;
        const names = namesByText.get(text);
        const name = names?.shift();
        if (names && names.length === 0) namesByText.delete(text);
        if (ms >= slowMs) parentPort.postMessage({ slow: { text, ms, cpuMs, name } });
      }
    }
  };
}

/** Ends a transaction the app's thread rolled back (not an error to report). */
class RollbackRequested extends Error {}

/** A PostgreSQL error with its fields (code, detail, constraint …), as structured clone keeps them. */
function errorOf(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/** The query options a statement may carry: its row mode, and the types left as PostgreSQL's text. */
function optionsOf(message) {
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.rawTypes?.length) {
    options.parsers = Object.fromEntries(message.rawTypes.map((oid) => [oid, (value) => value]));
  }
  return options;
}

/** The part of a result the app reads (structured clone copies it to the app's thread). */
const resultOf = (r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows });

function target(message) {
  if (message.tx === undefined) return pglite;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('This transaction has already ended.');
  return open.tx;
}

const handlers = {
  async open({ dataDir, loadDataDir, pgliteWasmModule, initdbWasmModule, fsBundle, slowStatementMs, busy }) {
    pglite = await PGlite.create({
      ...(dataDir ? { dataDir } : {}),
      ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
      ...(pgliteWasmModule ? { pgliteWasmModule } : {}),
      ...(initdbWasmModule ? { initdbWasmModule } : {}),
      ...(fsBundle ? { fsBundle: new Blob([fsBundle]) } : {}),
      extensions: { pg_trgm },
    });
    if (busy) busySince = new Float64Array(busy);
    if (slowStatementMs !== undefined) slowMs = slowStatementMs;
    timeStatements(pglite);
    return null;
  },
  async query(message) {
    const on = target(message);
    nameStatement(message.text, message.name);
    return resultOf(await on.query(message.text, message.params, optionsOf(message)));
  },
  async exec(message) {
    const on = target(message);
    nameStatement(message.text, message.name);
    return (await on.exec(message.text, optionsOf(message))).map(resultOf);
  },
  /**
   * Opens a transaction and answers its id as soon as PGlite has started it; it ends when the app's
   * thread sends `end` (commit, or rollback by throwing inside PGlite's callback). The `end` message
   * is answered when PGlite has committed or rolled back.
   */
  begin() {
    return new Promise((started, failedToStart) => {
      let begun = false;
      const id = nextTransaction++;
      const ended = pglite
        .transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { tx, commit, rollback, ended: undefined });
              begun = true;
              started(id);
            }),
        )
        .finally(() => transactions.delete(id));
      ended.catch((error) => {
        if (!begun) failedToStart(error);
      });
      // `end` waits on this: the outcome of the commit or the rollback.
      pendingEnds.set(id, ended);
    });
  },
  async end({ tx, commit }) {
    const open = transactions.get(tx);
    const ended = pendingEnds.get(tx);
    pendingEnds.delete(tx);
    if (!open || !ended) throw new Error('This transaction has already ended.');
    if (commit) open.commit(null);
    else open.rollback(new RollbackRequested());
    try {
      await ended;
    } catch (error) {
      if (!(error instanceof RollbackRequested)) throw error;
    }
    return null;
  },
  /** Forwards the channel's notifications to the app's thread until `unlisten`. */
  async listen({ channel }) {
    if (!listening.has(channel)) {
      const unsubscribe = await pglite.listen(channel, (payload) =>
        parentPort.postMessage({ notification: { channel, payload } }),
      );
      listening.set(channel, unsubscribe);
    }
    return null;
  },
  async unlisten({ channel }) {
    const unsubscribe = listening.get(channel);
    listening.delete(channel);
    if (unsubscribe) await unsubscribe();
    return null;
  },
  /**
   * Whether the engine is open and this thread free to answer: answered between statements without
   * joining their queue, and not while one statement holds the thread (then the ask waits, and the
   * app's health check says the database is busy once a second has passed).
   */
  ping() {
    if (!pglite || pglite.closed) throw new Error('The embedded database is not open.');
    return null;
  },
  async dump() {
    const blob = await pglite.dumpDataDir('none');
    return new Uint8Array(await blob.arrayBuffer());
  },
  async close() {
    if (pglite && !pglite.closed) await pglite.close();
    return null;
  },
};

parentPort.on('message', async (message) => {
  try {
    const value = await handlers[message.op](message);
    const transfer = value instanceof Uint8Array ? [value.buffer] : [];
    parentPort.postMessage({ id: message.id, ok: true, value }, transfer);
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: errorOf(error) });
  }
});
