import { eq } from 'drizzle-orm';
import type { SessionUser } from '../../shared/auth';
import {
  type AgencySettings,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_TYPE_INVALID,
  type LOGO_TYPES,
  type UpdateAgencyRequest,
} from '../../shared/settings';
import { recordActivity } from '../activity/service';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { agencySettings } from '../db/schema';
import { badRequest, notFound } from '../http/errors';

type LogoType = (typeof LOGO_TYPES)[number];
export const LOGO_URL = '/api/settings/agency/logo';
const ROW = 1;

/** The agency's settings; defaults until someone saves them. */
export async function getAgencySettings(db: Db): Promise<AgencySettings> {
  const [row] = await db
    .select({
      name: agencySettings.name,
      timeZone: agencySettings.timeZone,
      logoType: agencySettings.logoType,
      logoUpdatedAt: agencySettings.logoUpdatedAt,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  if (!row) return { name: '', timeZone: 'UTC', logo: null };
  const logo =
    row.logoType && row.logoUpdatedAt
      ? {
          // The version in the address lets a browser cache each logo without showing an old one.
          url: `${LOGO_URL}?v=${row.logoUpdatedAt.getTime()}`,
          contentType: row.logoType as LogoType,
          updatedAt: row.logoUpdatedAt.toISOString(),
        }
      : null;
  return { name: row.name, timeZone: row.timeZone, logo };
}

async function save(db: Db, values: Partial<typeof agencySettings.$inferInsert>): Promise<void> {
  await db
    .insert(agencySettings)
    .values({ id: ROW, ...values })
    .onConflictDoUpdate({ target: agencySettings.id, set: values });
}

export async function updateAgency(
  db: Db,
  clock: Clock,
  me: SessionUser,
  input: UpdateAgencyRequest,
): Promise<AgencySettings> {
  await save(db, { name: input.name, timeZone: input.timeZone, updatedAt: clock.now() });
  await recordActivity(db, me, {
    type: 'info',
    action: 'settings.agency_updated',
    message: `updated the agency settings (${input.name}, ${input.timeZone})`,
    link: '/settings',
  });
  return getAgencySettings(db);
}

/** The image type told by its first bytes, never by what the client claims; SVG is never accepted. */
export function sniffImageType(bytes: Uint8Array): LogoType | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

export async function setLogo(
  db: Db,
  clock: Clock,
  me: SessionUser,
  base64: string,
): Promise<AgencySettings> {
  const bytes = new Uint8Array(Buffer.from(base64, 'base64'));
  if (bytes.length > LOGO_MAX_BYTES) throw badRequest(LOGO_TOO_LARGE, { data: [LOGO_TOO_LARGE] });
  const type = sniffImageType(bytes);
  if (!type) throw badRequest(LOGO_TYPE_INVALID, { data: [LOGO_TYPE_INVALID] });
  const now = clock.now();
  await save(db, { logo: bytes, logoType: type, logoUpdatedAt: now, updatedAt: now });
  await recordActivity(db, me, {
    type: 'info',
    action: 'settings.logo_updated',
    message: 'changed the agency logo',
    link: '/settings',
  });
  return getAgencySettings(db);
}

export async function removeLogo(db: Db, clock: Clock): Promise<void> {
  await save(db, { logo: null, logoType: null, logoUpdatedAt: null, updatedAt: clock.now() });
}

export async function readLogo(db: Db): Promise<{ bytes: Buffer; type: LogoType }> {
  const [row] = await db
    .select({ logo: agencySettings.logo, type: agencySettings.logoType })
    .from(agencySettings)
    .where(eq(agencySettings.id, ROW));
  if (!row?.logo || !row.type) throw notFound('The agency has no logo yet.');
  // PGlite answers bytea as a Uint8Array, node-postgres as a Buffer.
  return { bytes: Buffer.from(row.logo), type: row.type as LogoType };
}
