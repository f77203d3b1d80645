import { eq } from 'drizzle-orm';
import type { Context } from '../core/context';
import type { Db } from '../db/client';
import { agencySettings } from '../db/schema';
import { LOGO_STORED_SIDE, LogoRejected, type PreparedLogo, prepareLogo } from './logo-image';

type Log = { info(message: string): void; warn(message: string): void };
const consoleLog: Log = { info: (m) => console.log(m), warn: (m) => console.warn(m) };

const reviews = new WeakMap<Db, Promise<void>>();

/**
 * A logo stored before uploads were checked is whatever had PNG, JPEG or WebP first bytes, a
 * decompression bomb included. The first time this process reads the stored logo (the app starts the
 * review when it is ready; reads wait for it), it goes through the upload's check: one the check
 * refuses is removed with a log line saying why, one it accepts is replaced by its checked copy unless
 * it already is one. Every later logo is an upload's checked copy, so once a process is enough.
 */
export function reviewStoredLogo(ctx: Pick<Context, 'db'>, log: Log = consoleLog): Promise<void> {
  const { db } = ctx;
  let review = reviews.get(db);
  if (!review) {
    review = runReview(db, log).catch((err: unknown) => {
      reviews.delete(db); // a failed review (the database did not answer) is tried again on the next read
      throw err;
    });
    reviews.set(db, review);
  }
  return review;
}

/**
 * Stored bytes may stay when they are their own checked copy, or a JPEG within the stored size: its
 * decoding is bounded by the size it states, and encoding it again would lose quality at every start.
 */
const isChecked = (stored: Buffer, logo: PreparedLogo) =>
  stored.equals(logo.bytes) ||
  (logo.source.type === 'image/jpeg' && Math.max(logo.source.width, logo.source.height) <= LOGO_STORED_SIDE);

async function runReview(db: Db, log: Log): Promise<void> {
  // The table holds one row (a check constraint).
  const [row] = await db
    .select({ logo: agencySettings.logo, updatedAt: agencySettings.logoUpdatedAt })
    .from(agencySettings);
  if (!row?.logo || !row.updatedAt) return;
  const stored = Buffer.from(row.logo);
  // Written only if no one uploaded another logo meanwhile.
  const unchanged = eq(agencySettings.logoUpdatedAt, row.updatedAt);
  let logo: PreparedLogo;
  try {
    logo = await prepareLogo(stored);
  } catch (err) {
    if (!(err instanceof LogoRejected)) throw err;
    await db.update(agencySettings).set({ logo: null, logoType: null, logoUpdatedAt: null }).where(unchanged);
    log.warn(
      `Removed the stored agency logo, which reports cannot use safely: ${err.message} Upload a new one in Settings.`,
    );
    return;
  }
  if (isChecked(stored, logo)) return;
  await db
    .update(agencySettings)
    .set({ logo: new Uint8Array(logo.bytes), logoType: logo.type })
    .where(unchanged);
  const { source } = logo;
  log.info(
    `Replaced the stored agency logo (${source.type}, ${source.width} × ${source.height} px) by its checked copy (${logo.type}, ${logo.width} × ${logo.height} px).`,
  );
}
