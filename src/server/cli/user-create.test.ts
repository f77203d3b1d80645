import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBundle } from '../../../test/support/server-bundle';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-cli-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production' };
  delete env.DATABASE_URL;
  if (process.env.TEST_DB_KIND === 'postgres') env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  // The command as `npm run user:create` runs it: bundled, as `npm run build` bundles it.
  const r = spawnSync(process.execPath, [serverBundle().userCreate, ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

// On PostgreSQL the command writes to the shared test server, so the names are unique per run.
const suffix = Date.now().toString(36);
const user = [
  '--username',
  `cli${suffix}`,
  '--email',
  `cli${suffix}@agency.test`,
  '--password',
  'from the shell',
];

describe('npm run user:create', () => {
  it('creates a user, then refuses the same username with a clear message', { timeout: 60_000 }, () => {
    const first = run(user);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(new RegExp(`Created user "cli${suffix}"`));
    const again = run(user);
    expect(again.code).toBe(1);
    expect(again.err).toContain(`The username "cli${suffix}" is already taken`);
  });

  it('explains missing and invalid values without touching the database', { timeout: 60_000 }, () => {
    const missing = run(['--username', 'someone']);
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Missing --email, --password');
    const invalid = run(['--username', 'ab', '--email', 'nope', '--password', '123']);
    expect(invalid.code).toBe(2);
    expect(invalid.err).toContain('--username: Username must be at least 3 characters');
    expect(invalid.err).toContain('--email: Please enter a valid email address');
    expect(invalid.err).toContain('--password: Password must be at least 6 characters');
  });
});
