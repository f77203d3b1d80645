import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import { serverBundle } from './server-bundle';

// The real server as a child process, spoken to over HTTP: what the reliability and scale-out tests
// (restarts, shutdown, several instances on one database) are about.
export const repoRoot = path.resolve(import.meta.dirname, '../..');
const SECRET_KEY = 'a1'.repeat(32);
export const ADMIN = {
  username: 'reliability',
  email: 'reliability@agency.test',
  password: 'steady under load',
};

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export type ServerOptions = {
  /** PGlite data folder (ignored when databaseUrl is set). */
  dataDir?: string;
  databaseUrl?: string;
  /** A bundled main.js; by default the run's bundle (server-bundle.ts), as `npm start` runs dist/. */
  entry?: string;
  logLevel?: string;
  /** More environment (REFRESH_INTERVAL_MINUTES, TRUST_PROXY …). */
  env?: Record<string, string>;
};

export type ServerProcess = {
  child: ChildProcess;
  pid: number;
  url: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  alive(): boolean;
};

export function serverEnv(opts: ServerOptions, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: opts.dataDir ?? path.join(repoRoot, '.test-artifacts/unused-data'),
    DATABASE_URL: opts.databaseUrl ?? '',
    // Several of these servers share the machine's PostgreSQL with the suite's other files at once: a
    // small pool each keeps them all within its connection limit.
    DATABASE_POOL_SIZE: '4',
    LOG_LEVEL: opts.logLevel ?? 'warn',
    SECRET_KEY,
    // The fakes these servers talk to (GridPane, check targets, webhooks) listen on this machine.
    ALLOW_PRIVATE_TARGETS: 'true',
    ...opts.env,
  };
}

export function serverArgs(opts: ServerOptions): string[] {
  return [opts.entry ?? serverBundle().main];
}

/** Starts the server and resolves once it listens (its "is running at" line). */
export async function startServer(opts: ServerOptions, timeoutMs = 60_000): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await spawnServer(opts, port, timeoutMs);
    } catch (err) {
      // Another process may have taken the free port between the probe and the listen.
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
    }
  }
}

function spawnServer(opts: ServerOptions, port: number, timeoutMs: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, serverArgs(opts), {
    cwd: repoRoot,
    env: serverEnv(opts, port),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr!.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const server: ServerProcess = {
    child,
    pid: child.pid!,
    url: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    alive: () => child.exitCode === null && child.signalCode === null,
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The server did not start within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    const check = setInterval(() => {
      if (!out.includes('Agency Hub is running at')) return;
      clearInterval(check);
      clearTimeout(timer);
      resolve(server);
    }, 20);
    void exited.then(({ code, signal }) => {
      clearInterval(check);
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before it was ready:\n${out}`));
    });
  });
}

/** Polls ok() until it holds; throws after timeoutMs saying what did not happen. */
export async function waitUntil(what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until the output contains text (the setup link is printed just after "is running"). */
export async function waitForOutput(server: ServerProcess, pattern: RegExp, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = server.output().match(pattern);
    if (match) return match;
    if (Date.now() > deadline) throw new Error(`No ${pattern} in the output:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function sessionCookie(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error('No session cookie in the answer');
  return cookie.split(';')[0]!;
}

/** Creates the first account through the printed one-time setup link; returns the session cookie. */
export async function createFirstAccount(server: ServerProcess): Promise<string> {
  const [, token] = await waitForOutput(server, /\/setup\?token=([\w-]+)/);
  const res = await fetch(`${server.url}/api/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, ...ADMIN }),
  });
  if (res.status !== 200) throw new Error(`Setup answered ${res.status}: ${await res.text()}`);
  return sessionCookie(res);
}

export async function signIn(server: ServerProcess): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.username, password: ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`Sign-in answered ${res.status}: ${await res.text()}`);
  return sessionCookie(res);
}

/** A signed-in JSON call; `timeoutMs` turns a hang into an error instead of a stuck test. */
export async function call(
  server: ServerProcess,
  cookie: string,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  timeoutMs = 10_000,
) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json as Record<string, unknown> };
}
