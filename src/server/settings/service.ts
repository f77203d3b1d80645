import { eq } from 'drizzle-orm';
import {
  type AgencySettings,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  type LOGO_TYPES,
  type SecurityAlertMode,
  type UpdateAgencyRequest,
} from '../../shared/settings';
import type { TimeOptions } from '../../shared/time';
import { recordActivity } from '../activity';
import { type Context, withTransaction } from '../core/context';
import { badRequest, notFound } from '../core/errors';
import type { Db } from '../db/client';
import { agencySettings } from '../db/schema';
import { LogoRejected, prepareLogo } from './logo-image';
import { reviewStoredLogo } from './stored-logo';

type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_URL = '/api/settings/agency/logo';
const ROW = 1;

/** The agency's time zone (UTC until someone saves one): every time written for people is on its clock. */
export async function agencyTimeZone(ctx: Pick<Context, 'db'>): Promise<string> {
  const [row] = await ctx.db
    .select({ timeZone: agencySettings.timeZone })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  return row?.timeZone ?? 'UTC';
}

/** What the server writes times for people in: the agency's time zone. */
export async function agencyTime(ctx: Pick<Context, 'db'>): Promise<TimeOptions> {
  return { timeZone: await agencyTimeZone(ctx) };
}

/** How new critical or high findings reach the alert channels: each as it is found unless a digest was chosen. */
export async function securityAlertMode(ctx: Pick<Context, 'db'>): Promise<SecurityAlertMode> {
  const [row] = await ctx.db
    .select({ mode: agencySettings.securityAlertMode })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  return row?.mode ?? 'immediate';
}

/** The agency's settings; defaults until someone saves them. */
export async function getAgencySettings(ctx: Pick<Context, 'db'>): Promise<AgencySettings> {
  const { db } = ctx;
  await reviewStoredLogo({ db });
  const [row] = await db
    .select({
      name: agencySettings.name,
      timeZone: agencySettings.timeZone,
      logoType: agencySettings.logoType,
      logoUpdatedAt: agencySettings.logoUpdatedAt,
      securityAlerts: agencySettings.securityAlertMode,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  if (!row) return { name: '', timeZone: 'UTC', logo: null, securityAlerts: 'immediate' };
  const logo =
    row.logoType && row.logoUpdatedAt
      ? {
          // The version in the address lets a browser cache each logo without showing an old one.
          url: `${LOGO_URL}?v=${row.logoUpdatedAt.getTime()}`,
          contentType: row.logoType as LogoType,
          updatedAt: row.logoUpdatedAt.toISOString(),
        }
      : null;
  return { name: row.name, timeZone: row.timeZone, logo, securityAlerts: row.securityAlerts };
}

async function save(db: Db, values: Partial<typeof agencySettings.$inferInsert>): Promise<void> {
  await db
    .insert(agencySettings)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: agencySettings.id, set: values });
}

export async function updateAgency(ctx: WriteContext, input: UpdateAgencyRequest): Promise<AgencySettings> {
  await withTransaction(ctx, async (tx) => {
    const before = await securityAlertMode(tx);
    const mode = input.securityAlerts ?? before;
    await save(tx.db, {
      name: input.name,
      timeZone: input.timeZone,
      securityAlertMode: mode,
      updatedAt: tx.clock.now(),
    });
    const alerts = mode === before ? '' : `, security alerts ${SECURITY_ALERT_WORDS[mode]}`;
    await recordActivity(tx, {
      type: 'info',
      action: 'settings.agency_updated',
      message: `updated the agency settings (${input.name}, ${input.timeZone}${alerts})`,
      link: '/settings',
    });
  });
  return getAgencySettings(ctx);
}

const SECURITY_ALERT_WORDS: Record<SecurityAlertMode, string> = {
  immediate: 'as they are found',
  digest: 'in a daily digest',
};

/** What a write needs: its transaction, the clock and who acts. */
type WriteContext = Pick<Context, 'db' | 'clock' | 'actor'>;

export async function setLogo(ctx: WriteContext, base64: string): Promise<AgencySettings> {
  const input = Buffer.from(base64, 'base64');
  if (input.length > LOGO_MAX_BYTES) throw badRequest(LOGO_TOO_LARGE, { data: [LOGO_TOO_LARGE] });
  const logo = await prepareLogo(input).catch((err) => {
    if (err instanceof LogoRejected) throw badRequest(err.message, { data: [err.message] });
    throw err;
  });
  const now = ctx.clock.now();
  await withTransaction(ctx, async (tx) => {
    // The checked copy, never the upload itself: reports and the browser only ever decode that.
    await save(tx.db, {
      logo: new Uint8Array(logo.bytes),
      logoType: logo.type,
      logoUpdatedAt: now,
      updatedAt: now,
    });
    await recordActivity(tx, {
      type: 'info',
      action: 'settings.logo_updated',
      message: 'changed the agency logo',
      link: '/settings',
    });
  });
  return getAgencySettings(ctx);
}

export async function removeLogo(ctx: WriteContext): Promise<void> {
  await save(ctx.db, { logo: null, logoType: null, logoUpdatedAt: null, updatedAt: ctx.clock.now() });
}

export async function readLogo(ctx: Pick<Context, 'db'>): Promise<{ bytes: Buffer; type: LogoType }> {
  const { db } = ctx;
  await reviewStoredLogo({ db });
  const [row] = await db
    .select({ logo: agencySettings.logo, type: agencySettings.logoType })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  if (!row?.logo || !row.type) throw notFound('The agency has no logo yet.');
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  return { bytes: Buffer.from(row.logo), type: row.type as LogoType };
}
