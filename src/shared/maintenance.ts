import { z } from 'zod';

export const MAINTENANCE_REPEATS = ['none', 'weekly'] as const;
export const MAINTENANCE_LIMITS = { minMinutes: 1, maxMinutes: 7 * 24 * 60, maxTargets: 5000 } as const;
const L = MAINTENANCE_LIMITS;

const ids = (label: string) =>
  z
    .array(
      z
        .number({ error: `${label} must be ids` })
        .int()
        .positive(),
      { error: `${label} must be a list of ids` },
    )
    .max(L.maxTargets, `At most ${L.maxTargets} ${label.toLowerCase()} at once`)
    .optional();

/** POST /api/maintenance: start now (no startsAt) or at a time, once or every week. */
export const maintenanceRequest = z
  .strictObject({
    checkIds: ids('Checks'),
    websiteIds: ids('Websites'),
    clientId: z.number().int().positive().nullish(),
    serverId: z
      .string()
      .trim()
      .regex(/^\d{1,12}$/, 'Server must be a GridPane server id')
      .nullish(),
    startsAt: z.iso.datetime({ offset: true, error: 'Start must be a date and time (ISO 8601)' }).optional(),
    durationMinutes: z
      .number({ error: 'Duration is required' })
      .int('Duration must be whole minutes')
      .min(L.minMinutes, 'Duration must be at least 1 minute')
      .max(L.maxMinutes, 'Duration must be at most 7 days'),
    repeat: z.enum(MAINTENANCE_REPEATS, { error: 'Repeat must be none or weekly' }).default('none'),
    reason: z
      .string()
      .trim()
      .max(500, 'Reason must be at most 500 characters')
      .nullish()
      .transform((v) => v || null),
  })
  .refine((m) => m.checkIds?.length || m.websiteIds?.length || m.clientId || m.serverId, {
    message: 'Choose what the window covers: checks, websites, a client or a server',
    path: ['checkIds'],
  });
export type MaintenanceRequest = z.input<typeof maintenanceRequest>;
export type MaintenanceInput = z.output<typeof maintenanceRequest>;

/**
 * What a window covers, by name: its client, its server (null label when the host has none on
 * record), the first few websites and checks it names (null name once deleted) and how many in all.
 */
export const maintenanceCovers = z.object({
  client: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  server: z.object({ id: z.string(), label: z.string().nullable() }).nullable(),
  websites: z.array(z.object({ id: z.number().int(), domain: z.string().nullable() })),
  websiteCount: z.number().int(),
  checks: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
  checkCount: z.number().int(),
});
export type MaintenanceCovers = z.infer<typeof maintenanceCovers>;

export const maintenanceWindow = z.object({
  id: z.number().int(),
  reason: z.string().nullable(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  repeat: z.enum(MAINTENANCE_REPEATS),
  checkIds: z.array(z.number().int()),
  websiteIds: z.array(z.number().int()),
  clientId: z.number().int().nullable(),
  serverId: z.string().nullable(),
  /** Now on: when it ends; else the next time it starts (null once over for good). */
  state: z.enum(['active', 'scheduled', 'ended']),
  currentEndsAt: z.string().nullable(),
  nextStartsAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  covers: maintenanceCovers,
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;
export const maintenanceList = z.object({ data: z.array(maintenanceWindow) });
export const maintenanceQuery = z.strictObject({
  state: z
    .enum(['active', 'scheduled', 'ended', 'current'], {
      error: 'state must be active, scheduled, ended or current',
    })
    .optional(),
  checkId: z.coerce.number().int().positive().optional(),
  websiteId: z.coerce.number().int().positive().optional(),
  /** Windows of a client: its own and those naming one of its websites (the client page). */
  clientId: z.coerce.number().int().positive().optional(),
  /** Windows of a server: its own and those naming one of its websites (the server page). */
  serverId: z.string().trim().min(1).max(64).optional(),
});
