import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

/**
 * The chain's newest entry as last known outside the database: its id, its hash and when it was
 * written. Someone who can change the database alone cannot move it back, so entries cut off the end of
 * the log are found.
 */
export type AuditHead = { id: number; hash: string; at: string };

const headFile = z.object({
  id: z.number().int().positive(),
  hash: z.string().min(1),
  at: z.iso.datetime(),
});

export type HeadLog = Pick<FastifyBaseLogger, 'warn'>;

/** The head kept in `file`: null when no file is kept or none was written yet; throws when unreadable. */
export async function readAuditHead(file: string | null): Promise<AuditHead | null> {
  if (file === null) return null;
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = headFile.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} does not hold an audit head`);
  return parsed.data;
}

/** Writes to one file in turn within this process, so a slower write never replaces a newer head. */
const writing = new Map<string, Promise<void>>();

/**
 * Replaces the head in `file` with `head` when it is newer (a greater id) than the one the file holds:
 * several instances each write the newest they know. The file is written whole beside the old one and
 * then renamed over it, so a reader never sees half a head.
 */
export function writeAuditHead(file: string, head: AuditHead): Promise<void> {
  const next = (writing.get(file) ?? Promise.resolve()).then(() => replaceIfNewer(file, head));
  const done = next.then(
    () => undefined,
    () => undefined,
  );
  writing.set(file, done);
  void done.then(() => {
    if (writing.get(file) === done) writing.delete(file);
  });
  return next;
}

async function replaceIfNewer(file: string, head: AuditHead): Promise<void> {
  // A file that cannot be read is replaced: the newest head is all it ever holds.
  const current = await readAuditHead(file).catch(() => null);
  if (current && current.id >= head.id) return;
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    await fs.writeFile(temp, `${JSON.stringify(head)}\n`, { flag: 'wx', mode: 0o600 });
    await fs.rename(temp, file);
  } catch (err) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw err;
  }
}

/**
 * After an append committed: records its entry as the head when a head file is kept. A head that cannot
 * be written is logged (the file and the reason, nothing of the entry) and does not fail the request:
 * the entry is in the log, and the next append writes the head again.
 */
export async function noteAuditHead(
  file: string | null,
  head: AuditHead | undefined,
  log: HeadLog,
): Promise<void> {
  if (file === null || head === undefined) return;
  try {
    await writeAuditHead(file, head);
  } catch (err) {
    log.warn(
      { file, err: (err as Error).message },
      'The audit log head could not be written outside the database',
    );
  }
}
