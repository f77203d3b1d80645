import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './lock';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-lock-'));
  dirs.push(d);
  return d;
}

/** Another process that takes the lock and then waits until killed. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const lockModule = path.resolve(import.meta.dirname, 'lock.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '-e',
      `const m = await import(${JSON.stringify(lockModule)}); m.lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}`)));
  });
  return child;
}

describe('data folder lock', () => {
  it('refuses a second process with a clear message naming the holder', async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    let error: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(
      `already in use by another Agency Hub process (pid ${holder.pid})`,
    );
  });

  it('takes over a lock left by a killed process', async () => {
    const dir = tempDir();
    const holder = await holdLockInChild(dir);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const release = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'agency-hub.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'agency-hub.lock'))).toBe(false);
  });
});
