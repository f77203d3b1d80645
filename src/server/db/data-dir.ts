import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Owner-only: the database, its WAL and the secret key are no one else's business on a shared machine. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;
const GROUP_OR_OTHER = 0o077;

export type DataDirPrivacy = {
  /** Folders and files that had group or other permissions and were made owner-only. */
  tightened: number;
  /** Entries with group or other permissions that belong to another user, so were left as they are. */
  othersEntries: number;
};

/**
 * Makes the data folder private to the user running Agency Hub. Whatever this process creates from now
 * on is owner-only (its umask), the folder is created 0700, and every folder or file in it open to its
 * group or to others (left by an older version, a copy or a restore, or given by PGlite, which sets some
 * modes of its own) is tightened: folders to 0700, files to 0600. Symbolic links are neither changed nor
 * followed. The database calls it before PGlite opens the folder, and again once it has.
 */
export function makeDataDirPrivate(dataDir: string): DataDirPrivacy {
  const privacy: DataDirPrivacy = { tightened: 0, othersEntries: 0 };
  // Windows keeps no such mode bits: its folders are private through their access lists.
  if (process.platform === 'win32') return privacy;
  // A worker thread may not change the process's umask; the walk below still tightens what it finds.
  if (isMainThread) process.umask(GROUP_OR_OTHER);
  fs.mkdirSync(dataDir, { recursive: true, mode: DIR_MODE });
  const uid = process.getuid?.();
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    const isDir = stat.isDirectory();
    if ((isDir || stat.isFile()) && stat.mode & GROUP_OR_OTHER) {
      if (uid !== undefined && stat.uid !== uid && uid !== 0) privacy.othersEntries++;
      else {
        fs.chmodSync(entry, isDir ? DIR_MODE : FILE_MODE);
        privacy.tightened++;
      }
    }
    if (isDir) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dataDir);
  return privacy;
}

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

/** The start's log line about the data folder, when there is something to say. */
export function dataDirPrivacyMessage(dataDir: string, privacy: DataDirPrivacy): string | undefined {
  const parts: string[] = [];
  if (privacy.tightened > 0)
    parts.push(
      `Made ${entries(privacy.tightened)} of the data folder ${dataDir} private to this user (folders 0700, files 0600): they were open to its group or to others.`,
    );
  if (privacy.othersEntries > 0)
    parts.push(
      `${entries(privacy.othersEntries)} of the data folder ${dataDir} belong to another user and stay open to its group or to others: give them to this user (chown) or remove them.`,
    );
  return parts.length > 0 ? parts.join(' ') : undefined;
}
