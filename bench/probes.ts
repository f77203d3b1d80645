// Micro-benchmark of one check (not part of `npm run bench` yet):
//   npx tsx bench/probes.ts [--n 5000] [--concurrency 50]
// Runs N probes per scenario against the fake targets (in a child process, so their CPU is not
// counted) and prints probes/s, CPU per probe in this process, and what that CPU means at the rate of
// 10,000 checks a minute (the own-checks benchmark, P8). Loopback only; bounded in count; stops by
// itself.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import { type ProbeOptions, type ProbeTarget, probeHttp } from '../src/server/checks/probe';
import { freePort, root } from './processes';

// tsx turns source maps on; the production bundle runs without them, and with them every Error's stack
// trace (undici builds a few per request) costs several times more than it would in production.
process.setSourceMapsEnabled(false);

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const N = arg('n', 5000);
const CONCURRENCY = arg('concurrency', 50);
const P8_PER_SECOND = 10_000 / 60;

async function startTargets(): Promise<{ http: string; https: string; ca: string; child: ChildProcess }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'probe-bench-'));
  const caFile = path.join(dir, 'ca.pem');
  const [port, httpsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/fakes/targets/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HTTPS_PORT: String(httpsPort), CA_FILE: caFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('https:') && resolve());
    child.once('exit', (code) => reject(new Error(`fake targets exited (${code})`)));
  });
  return {
    http: `http://127.0.0.1:${port}`,
    https: `https://127.0.0.1:${httpsPort}`,
    ca: fs.readFileSync(caFile, 'utf8'),
    child,
  };
}

type Row = {
  scenario: string;
  probes: number;
  failed: number;
  perSecond: number;
  cpuUsPerProbe: number;
  p8Cores: number;
};

async function measure(scenario: string, target: ProbeTarget, options: ProbeOptions): Promise<Row> {
  const limit = pLimit(CONCURRENCY);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(Array.from({ length: N }, () => limit(() => probeHttp(target, options))));
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuUsPerProbe = (used.user + used.system) / N;
  return {
    scenario,
    probes: N,
    failed: results.filter((r) => !r.ok).length,
    perSecond: Math.round(N / seconds),
    cpuUsPerProbe: Math.round(cpuUsPerProbe),
    p8Cores: Math.round(((cpuUsPerProbe * P8_PER_SECOND) / 1e6) * 1000) / 1000,
  };
}

const targets = await startTargets();
try {
  const options: ProbeOptions = { allowPrivate: true, ca: targets.ca };
  const scenarios: Array<[string, ProbeTarget]> = [
    ['http, status only', { url: `${targets.http}/up` }],
    ['http, keyword', { url: `${targets.http}/up`, keyword: 'Welcome' }],
    ['http, WordPress', { url: `${targets.http}/wordpress`, wordpress: true }],
    ['http, 1 redirect', { url: `${targets.http}/redirect/1` }],
    ['https, status only', { url: `${targets.https}/up` }],
  ];
  // Warm-up of every path first (JIT, the TLS context), so no scenario pays for the ones after it.
  for (const [, target] of scenarios) for (let i = 0; i < 500; i++) await probeHttp(target, options);
  const rows: Row[] = [];
  for (const [name, target] of scenarios) rows.push(await measure(name, target, options));
  console.log(
    `N=${N} per scenario, concurrency ${CONCURRENCY}, Node ${process.version}, ${os.cpus().length} cores`,
  );
  console.table(rows);
  console.log('p8Cores: CPU of this process at 10,000 checks a minute (167/s), probes alone');
  console.log(`RSS after: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`);
} finally {
  targets.child.kill('SIGTERM');
}
