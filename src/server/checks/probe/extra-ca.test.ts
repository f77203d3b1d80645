import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTargets, startFakeTargets } from '../../../../test/fakes/targets';

/**
 * An operator trusts a private CA the way Node does, with NODE_EXTRA_CA_CERTS (read once when the
 * process starts, hence a child process here). The probe must honour it with no option of its own.
 */
const run = promisify(execFile);
const probeModule = path.resolve(import.meta.dirname, 'probe.ts');
let targets: FakeTargets;
let dir: string;

beforeAll(async () => {
  targets = await startFakeTargets({ https: true, certDays: 3 });
  dir = mkdtempSync(path.join(tmpdir(), 'extra-ca-'));
  writeFileSync(path.join(dir, 'ca.pem'), targets.https!.ca);
});
afterAll(async () => {
  await targets.close();
  rmSync(dir, { recursive: true, force: true });
});

async function probeInChild(extraCa: string | undefined) {
  const script = `const { probeHttp } = await import(${JSON.stringify(probeModule)});
console.log(JSON.stringify(await probeHttp({ url: ${JSON.stringify(`${targets.https!.url}/up`)} }, { allowPrivate: true })));`;
  const env = { ...process.env, NODE_EXTRA_CA_CERTS: extraCa };
  if (!extraCa) delete env.NODE_EXTRA_CA_CERTS;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env,
    timeout: 30_000,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { ok: boolean; error: string | null };
}

describe('NODE_EXTRA_CA_CERTS', () => {
  it('makes the short-lived self-signed certificate trusted', async () => {
    const result = await probeInChild(path.join(dir, 'ca.pem'));
    expect(result).toMatchObject({ ok: true, error: null });
  });

  it('is what made the difference', async () => {
    const result = await probeInChild(undefined);
    expect(result).toMatchObject({ ok: false, error: 'Self-signed certificate (not trusted)' });
  });
});
