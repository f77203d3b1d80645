import { sql } from 'drizzle-orm';
import { check, customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/auth';
import type { SecurityAlertMode } from '../../../shared/settings';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** The agency's own details, one row: its name and logo (reports, emails) and its time zone. */
export const agencySettings = pgTable(
  'agency_settings',
  {
    id: integer().primaryKey().default(1),
    name: text().notNull().default(''),
    /** IANA name; daily figures and report periods are counted in it. */
    timeZone: text().notNull().default('UTC'),
    /** The upload's checked copy: PNG, or JPEG kept as JPEG, at most 512 px on its long side. */
    logo: bytea(),
    logoType: text(),
    logoUpdatedAt: timestamp({ withTimezone: true }),
    /** The roles that must sign in with two factors, each with the moment (ISO) the rule began for it. */
    twoFactorRoles: jsonb().$type<Partial<Record<Role, string>>>().notNull().default({}),
    /** How new critical or high findings reach the alert channels: each as it is found, or a daily digest. */
    securityAlertMode: text().$type<SecurityAlertMode>().notNull().default('immediate'),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('agency_settings_single_row', sql`${t.id} = 1`),
    check('agency_settings_security_alert_mode', sql`${t.securityAlertMode} in ('immediate', 'digest')`),
  ],
);
