import { z } from 'zod';

export const INCIDENT_SOURCES = ['check', 'monitor', 'server'] as const;
/**
 * Why an incident ended: its check or monitor answered again (up), was paused, was removed at Better
 * Uptime, came under a maintenance window (ours or Better Uptime's), or its check was deleted.
 */
export const INCIDENT_END_REASONS = ['up', 'paused', 'removed', 'maintenance', 'check-deleted'] as const;
export type IncidentEndReason = (typeof INCIDENT_END_REASONS)[number];

export const incidentFailure = z.object({
  at: z.string(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  responseMs: z.number().int().nullable(),
});

export const incident = z.object({
  id: z.number().int(),
  source: z.enum(INCIDENT_SOURCES),
  status: z.enum(['open', 'resolved']),
  title: z.string(),
  cause: z.string().nullable(),
  checkId: z.number().int().nullable(),
  monitorId: z.string().nullable(),
  websiteId: z.number().int().nullable(),
  domain: z.string().nullable(),
  serverId: z.string().nullable(),
  /** A server incident that took this one in (several sites of one server down together). */
  parentId: z.number().int().nullable(),
  /** For a server incident: how many sites are (or were) down in it. */
  children: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Null while open. */
  endReason: z.enum(INCIDENT_END_REASONS).nullable(),
  durationSeconds: z.number().int().nullable(),
  failures: z.array(incidentFailure),
});
export type Incident = z.infer<typeof incident>;

export const incidentsQuery = z.strictObject({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).optional(),
  websiteId: z.coerce.number({ error: 'websiteId must be a number' }).int().positive().optional(),
  clientId: z.coerce.number({ error: 'clientId must be a number' }).int().positive().optional(),
  checkId: z.coerce.number({ error: 'checkId must be a number' }).int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const incidentList = z.object({ data: z.array(incident) });
