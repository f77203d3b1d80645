import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { dataDirPrivacyMessage, makeDataDirPrivate } from './data-dir';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'ah-data-dir-'));
// Opening a data folder sets this process's umask: give the test worker its own back.
const umask = process.umask(0o022);
process.umask(umask);
afterAll(() => {
  process.umask(umask);
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Every folder and file under dir (dir included) whose mode lets its group or others in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (p: string) => {
    const stat = fs.lstatSync(p);
    if (stat.mode & 0o077 && !stat.isSymbolicLink())
      found.push(`${path.relative(dir, p) || '.'} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(p)) visit(path.join(p, name));
  };
  visit(dir);
  return found;
}

const count = (dir: string): number => 1 + fs.readdirSync(dir, { recursive: true }).length;

describe.runIf(process.platform !== 'win32' && process.env.TEST_DB_KIND !== 'postgres')(
  'the data folder',
  () => {
    it('is created private with the database in it: no folder or file open to the group or others', {
      timeout: 60_000,
    }, async () => {
      process.umask(0o022); // what a shell usually gives
      const dataDir = path.join(tmp, 'fresh', 'data');
      const database = await openDatabase({ kind: 'pglite', dataDir });
      await database.query('create table notes (body text)');
      await database.query("insert into notes values ('hello')");
      await database.close();
      expect(count(dataDir)).toBeGreaterThan(500);
      expect(openToOthers(dataDir)).toEqual([]);
      expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite', 'global', 'pg_control')).mode & 0o777).toBe(0o600);
      expect(database.dataDirPrivacy).toEqual({ tightened: 0, othersEntries: 0 });
    });

    it('is tightened when an older version left it open: folders 0700, files 0600, links left alone', () => {
      process.umask(0o000);
      const dataDir = path.join(tmp, 'old');
      fs.mkdirSync(path.join(dataDir, 'pglite', 'base', '1'), { recursive: true, mode: 0o777 });
      for (const dir of ['', 'pglite', 'pglite/base', 'pglite/base/1'])
        fs.chmodSync(path.join(dataDir, dir), 0o777);
      for (const file of ['pglite/PG_VERSION', 'pglite/base/1/1259', 'pglite/base/1/1259_fsm'])
        fs.writeFileSync(path.join(dataDir, file), 'x', { mode: 0o666 });
      fs.writeFileSync(path.join(dataDir, 'secret.key'), 'k', { mode: 0o600 });
      fs.writeFileSync(path.join(dataDir, 'script'), 'x', { mode: 0o755 });
      const outside = path.join(tmp, 'outside.txt');
      fs.writeFileSync(outside, 'x', { mode: 0o644 });
      fs.symlinkSync(outside, path.join(dataDir, 'link'));

      const privacy = makeDataDirPrivate(dataDir);
      // 4 folders, 3 database files and the 0755 file; the key was private already.
      expect(privacy).toEqual({ tightened: 8, othersEntries: 0 });
      expect(openToOthers(dataDir)).toEqual([]);
      expect(fs.statSync(path.join(dataDir, 'pglite/base/1')).mode & 0o777).toBe(0o700);
      expect(fs.statSync(path.join(dataDir, 'pglite/base/1/1259')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dataDir, 'script')).mode & 0o777).toBe(0o600);
      expect(fs.statSync(outside).mode & 0o777).toBe(0o644);
      expect(dataDirPrivacyMessage(dataDir, privacy)).toBe(
        `Made 8 entries of the data folder ${dataDir} private to this user (folders 0700, files 0600): they were open to its group or to others.`,
      );
      // Whatever this process creates from now on is private too.
      fs.writeFileSync(path.join(dataDir, 'later'), 'x');
      expect(fs.statSync(path.join(dataDir, 'later')).mode & 0o777).toBe(0o600);

      expect(makeDataDirPrivate(dataDir)).toEqual({ tightened: 0, othersEntries: 0 });
      expect(dataDirPrivacyMessage(dataDir, { tightened: 0, othersEntries: 0 })).toBeUndefined();
    });

    it('says which entries it could not tighten because another user owns them', () => {
      expect(dataDirPrivacyMessage('/srv/data', { tightened: 1, othersEntries: 2 })).toBe(
        'Made 1 entry of the data folder /srv/data private to this user (folders 0700, files 0600): they were open to its group or to others. ' +
          '2 entries of the data folder /srv/data belong to another user and stay open to its group or to others: give them to this user (chown) or remove them.',
      );
    });
  },
);
