import { z } from 'zod';
import { EMAIL_INVALID } from './auth';
import { DAY_INVALID, dayParam, inDateRange, parseDay } from './dates';
import { SEVERITIES, SEVERITY_LABELS, type Severity } from './security';
import { formatDate, formatDateTime } from './time';

/** The longest report period, in days (both ends counted). */
export const REPORT_MAX_DAYS = 400;
export const REPORT_FROM_AFTER_TO = 'from must be on or before to';
export const REPORT_TOO_LONG = `The period can be at most ${REPORT_MAX_DAYS} days`;
export const REPORT_NO_DATA = 'no data';

export const addDays = (day: string, n: number) =>
  new Date((parseDay(day) ?? Number.NaN) + n * 86_400_000).toISOString().slice(0, 10);

/** The calendar day of an instant in an IANA time zone. */
export function dayIn(timeZone: string, at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The month before the one `today` is in: "2026-11-24" → 2026-10-01 … 2026-10-31. */
export function previousMonth(today: string): { from: string; to: string; period: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  const from = first.toISOString().slice(0, 10);
  return { from, to: last.toISOString().slice(0, 10), period: from.slice(0, 7) };
}

/**
 * ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included, counted in the agency's time zone, each within
 * the accepted range by `now` (the server's clock). Both absent: the previous calendar month.
 */
export const reportQueryAt = (now: () => Date) =>
  z
    .strictObject({ from: dayParam('from', now).optional(), to: dayParam('to', now).optional() })
    .superRefine((q, ctx) => {
      if ((q.from === undefined) !== (q.to === undefined)) {
        const missing = q.from === undefined ? 'from' : 'to';
        ctx.addIssue({ code: 'custom', path: [missing], message: `${missing} ${DAY_INVALID}` });
        return;
      }
      if (q.from === undefined || q.to === undefined) return;
      const from = parseDay(q.from);
      const to = parseDay(q.to);
      // A date out of range says so itself; the period's length would only add noise.
      if (from === null || to === null || !inDateRange(from, now()) || !inDateRange(to, now())) return;
      if (from > to) ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_FROM_AFTER_TO });
      else if ((to - from) / 86_400_000 + 1 > REPORT_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_TOO_LONG });
    });
export type ReportQuery = z.output<ReturnType<typeof reportQueryAt>>;

export const UPTIME_SOURCES = ['checks', 'betteruptime'] as const;

export const reportIncident = z.object({
  id: z.number().int(),
  source: z.enum(['check', 'monitor', 'server']),
  title: z.string(),
  cause: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** Until it ended, or until the period's end (or now) when it was still open then. */
  durationSeconds: z.number().int(),
});

export const reportMaintenance = z.object({
  id: z.number().int(),
  reason: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
});

/** One day of a site's uptime (the agency's calendar day): null when nothing measured it that day. */
export const reportDay = z.object({ day: z.string(), uptime: z.number().nullable() });
export type ReportDay = z.infer<typeof reportDay>;

const reportSoftware = z.object({
  type: z.enum(['plugin', 'theme', 'core']),
  slug: z.string(),
  name: z.string(),
});

/** A finding open at the period's end: as it was when it opened (title, severity, version, its fix). */
export const reportOpenFinding = z.object({
  vulnerabilityId: z.string(),
  title: z.string(),
  severity: z.enum(SEVERITIES),
  software: reportSoftware,
  installedVersion: z.string(),
  /** The release that fixes the installed version; null when none is published yet. */
  patchedVersion: z.string().nullable(),
  reference: z.string(),
  openedAt: z.string(),
});
export type ReportOpenFinding = z.infer<typeof reportOpenFinding>;

/** A finding that closed during the period: the site updated past it, removed the software, or the feed withdrew it. */
export const reportFixedFinding = z.object({
  vulnerabilityId: z.string(),
  title: z.string(),
  severity: z.enum(SEVERITIES),
  software: reportSoftware,
  /** The version it was found on, and the one installed when it closed (null: the software was removed). */
  installedVersion: z.string(),
  closedVersion: z.string().nullable(),
  fixedAt: z.string(),
  reference: z.string(),
});
export type ReportFixedFinding = z.infer<typeof reportFixedFinding>;

export const SECURITY_STATUSES = ['measured', 'not-checked', 'not-measured'] as const;

/**
 * A site's security over the period, from the findings' history: `measured` (the lists below, over
 * the recorded time inside the period), `not-checked` (what the site runs is not known: never zero),
 * or `not-measured` (the period ended before findings were first recorded).
 */
/** An update Agency Hub ran on the site in the period: what, from → to, when it ended, and how. */
export const reportUpdate = z.object({
  type: z.enum(['plugin', 'theme', 'core']),
  slug: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  at: z.string(),
  /** updated: the new version read back and the site healthy; rolled-back: put back after it broke the site. */
  result: z.enum(['updated', 'rolled-back', 'failed']),
});
export type ReportUpdate = z.infer<typeof reportUpdate>;

/** "contact-form-7 6.0.1 → 6.0.2, verified"; "WordPress 6.8.1 → 6.8.3, rolled back to 6.8.1". */
export function updateLine(u: ReportUpdate): string {
  const name = u.type === 'core' ? 'WordPress' : u.slug;
  const how =
    u.result === 'updated'
      ? 'verified'
      : u.result === 'rolled-back'
        ? `rolled back to ${u.from} (the site broke)`
        : 'failed: restore the pre-update backup';
  return `${name} ${u.from} → ${u.to}, ${how}`;
}

export const reportSecurity = z.object({
  status: z.enum(SECURITY_STATUSES),
  /** Why the site is not checked; null otherwise. */
  reason: z.string().nullable(),
  /** Where the recorded time inside the period begins; null when not measured. */
  measuredFrom: z.string().nullable(),
  /** True when findings were first recorded after the period's start: the lists cover only since then. */
  measuredPartly: z.boolean(),
  /** Open at the period's end (a finding set aside then is not open), most severe first. */
  open: z.array(reportOpenFinding),
  /** Closed during the (recorded part of the) period, in the order they closed. */
  fixed: z.array(reportFixedFinding),
});
export type ReportSecurity = z.infer<typeof reportSecurity>;

export const reportWebsite = z.object({
  websiteId: z.number().int(),
  domain: z.string(),
  /** Percent with two decimals; null when nothing was measured ("no data", never 0 or 100). */
  uptime: z.number().nullable(),
  /** Where the figure comes from: our checks' stored results, Better Uptime's SLA, or nothing watches it. */
  uptimeSource: z.enum(UPTIME_SOURCES).nullable(),
  /** The source said in words, with what it counted ("Agency Hub checks: 1,440 results"). */
  uptimeSourceLabel: z.string(),
  /**
   * Where the measured time inside the period begins: the period's start, later when the check or
   * monitor began later (the figure covers only that), null when nothing was measured.
   */
  measuredFrom: z.string().nullable(),
  /** True when the measured time began after the period's start: the figure covers only since then. */
  measuredPartly: z.boolean(),
  /**
   * Uptime day by day over the period, from the same results and by the same rule as `uptime` (for a
   * Better Uptime monitor, its SLA of each UTC day); null when nothing watches the site.
   */
  daily: z.array(reportDay).nullable(),
  avgResponseMs: z.number().int().nullable(),
  avgResponseSourceLabel: z.string(),
  incidents: z.array(reportIncident),
  maintenance: z.array(reportMaintenance),
  /** As last seen on or before the period's end (HD Snapshot), null when never seen by then. */
  wordpressVersion: z.string().nullable(),
  phpVersion: z.string().nullable(),
  versionsSeenAt: z.string().nullable(),
  /** The newest backup its host lists that was taken on or before the period's end; null when none. */
  lastBackupAt: z.string().nullable(),
  /** When the host's backups were last read; null when never (then the backup is not known). */
  backupsReadAt: z.string().nullable(),
  /** Backups Agency Hub asked the host for in the period (by a person, or before an update or a restore). */
  backupsTaken: z.number().int(),
  /** Updates Agency Hub ran in the period, oldest first. */
  updates: z.array(reportUpdate),
  security: reportSecurity,
});
export type ReportWebsite = z.infer<typeof reportWebsite>;

export const reportTask = z.object({
  id: z.number().int(),
  title: z.string(),
  completedAt: z.string(),
  websiteId: z.number().int().nullable(),
  domain: z.string().nullable(),
});

export const clientReport = z.object({
  client: z.object({
    id: z.number().int(),
    name: z.string(),
    company: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** What the report is titled with: the client's company, else the contact's name. */
  title: z.string(),
  /** The contact named below the title; null when the title already is the contact's name. */
  contact: z.string().nullable(),
  agency: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  websites: z.array(reportWebsite),
  tasksCompleted: z.array(reportTask),
  /** When security findings were first recorded; null while never (no vulnerability data yet). */
  securitySince: z.string().nullable(),
});
export type ClientReport = z.infer<typeof clientReport>;

/** Uptime as people read it: "97.92 %", or "no data". */
export const formatUptime = (uptime: number | null) =>
  uptime === null ? REPORT_NO_DATA : `${uptime.toFixed(2)} %`;

/** A figure standing alone (a table cell, a bar's label) when nothing was measured. */
export const REPORT_NO_DATA_CELL = 'No data';

/**
 * A site's uptime for the summary: "No data" when nothing measured it, else its figure over the
 * measured time, with "since …" (in the agency's time zone) when that began after the period's start.
 */
export function summaryUptime(
  site: Pick<ReportWebsite, 'uptime' | 'measuredFrom' | 'measuredPartly'>,
  timeZone: string,
): { value: string; since: string | null } {
  if (site.uptime === null || site.measuredFrom === null) return { value: REPORT_NO_DATA_CELL, since: null };
  return {
    value: formatUptime(site.uptime),
    since: site.measuredPartly ? `since ${formatDateTime(site.measuredFrom, { timeZone })}` : null,
  };
}

/** A calendar day of the report ("10 Nov 2026"), as the day it is, never shifted by a time zone. */
export const formatReportDay = (day: string) => formatDate(`${day}T00:00:00Z`, { timeZone: 'UTC' });

/** One day's bar said in words: "10 Nov 2026: 97.92 %", or "10 Nov 2026: No data". */
export const reportDayLabel = (d: ReportDay) =>
  `${formatReportDay(d.day)}: ${d.uptime === null ? REPORT_NO_DATA_CELL : formatUptime(d.uptime)}`;

/**
 * Why a site has no daily bars, or null when it has some: Better Uptime gave no day's figure, nothing
 * watches it, or nothing measured it on any day.
 */
export function dailyMissing(site: Pick<ReportWebsite, 'daily' | 'uptimeSource'>): string | null {
  if (site.daily?.some((d) => d.uptime !== null)) return null;
  if (site.uptimeSource === 'betteruptime')
    return 'No daily figures: Better Uptime gave none for these days.';
  if (site.uptimeSource === null) return 'No daily figures: no check or monitor watches this site.';
  return 'No daily figures: nothing was measured in the period.';
}

export const REPORT_DAY_OF_MONTH_INVALID = 'Day of the month must be a whole number from 1 to 28';

/** GET/PUT /api/clients/{id}/report-schedule: the previous month's PDF, on that day, by email. */
export const reportScheduleRequest = z.strictObject({
  dayOfMonth: z
    .number({ error: REPORT_DAY_OF_MONTH_INVALID })
    .int(REPORT_DAY_OF_MONTH_INVALID)
    .min(1, REPORT_DAY_OF_MONTH_INVALID)
    .max(28, REPORT_DAY_OF_MONTH_INVALID),
  /** Another address than the client's own; empty or absent: the client's email. */
  email: z
    .string({ error: 'Email must be text' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .refine((v) => v === '' || z.email().safeParse(v).success, EMAIL_INVALID)
    .nullish()
    .transform((v) => v || null),
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type ReportScheduleRequest = z.input<typeof reportScheduleRequest>;

export const reportDelivery = z.object({
  period: z.string(),
  email: z.string(),
  status: z.enum(['pending', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const reportSchedule = z.object({
  clientId: z.number().int(),
  /** Null until someone saves one. */
  dayOfMonth: z.number().int().nullable(),
  email: z.string().nullable(),
  enabled: z.boolean(),
  /** Where the next report goes: the other address, else the client's; null when neither exists. */
  sendsTo: z.string().nullable(),
  updatedAt: z.string().nullable(),
  deliveries: z.array(reportDelivery),
});
export type ReportSchedule = z.infer<typeof reportSchedule>;

export const REPORT_SCHEDULE_NO_EMAIL =
  'The client has no email address: give another address to send the report to';

/** An instant as the agency reads it: "10 Nov 2026, 10:00" in its time zone. */

/** "WordPress 6.6.2 · PHP 8.2", or "no data". */
export function formatVersions(w: Pick<ReportWebsite, 'wordpressVersion' | 'phpVersion'>): string {
  if (!w.wordpressVersion && !w.phpVersion) return REPORT_NO_DATA;
  return `WordPress ${w.wordpressVersion ?? REPORT_NO_DATA} · PHP ${w.phpVersion ?? REPORT_NO_DATA}`;
}

export const formatResponse = (ms: number | null) => (ms === null ? REPORT_NO_DATA : `${ms} ms`);

/** A mean response standing alone (the summary's cell): "250 ms", or "No data". */
export const summaryResponse = (ms: number | null) =>
  ms === null ? REPORT_NO_DATA_CELL : formatResponse(ms);

/** The open findings counted per severity, most severe first, leaving out severities with none. */
export function countBySeverity(findings: { severity: Severity }[]): { severity: Severity; count: number }[] {
  return SEVERITIES.map((severity) => ({
    severity,
    count: findings.filter((f) => f.severity === severity).length,
  })).filter((c) => c.count > 0);
}

/** A site's security in one line: "2 open (1 Critical, 1 Medium) · 1 fixed", "Not checked" or "No data". */
export function summarySecurity(security: ReportSecurity): string {
  if (security.status === 'not-measured') return REPORT_NO_DATA_CELL;
  if (security.status === 'not-checked') return REPORT_NOT_CHECKED;
  const counts = countBySeverity(security.open)
    .map((c) => `${c.count} ${SEVERITY_LABELS[c.severity]}`)
    .join(', ');
  return `${security.open.length} open${counts ? ` (${counts})` : ''} · ${security.fixed.length} fixed`;
}

export const REPORT_NOT_CHECKED = 'Not checked';

/**
 * What the security figures cover, said once per report: since when findings are recorded, or that
 * they are not measured at all for this period.
 */
export function securityCoverage(
  report: Pick<ClientReport, 'securitySince' | 'timeZone' | 'websites'>,
): string {
  if (!report.securitySince)
    return 'Security findings: no data. They are recorded once vulnerability data has been read.';
  const since = formatDate(report.securitySince, { timeZone: report.timeZone });
  const before = report.websites.some((w) => w.security.status === 'not-measured');
  return `Security findings recorded since ${since}${before ? ': no data for this period' : ''}.`;
}

/** A finding's software and version: "WooCommerce 9.3.3 → 9.3.4", "→ no fix yet" when none is published. */
export const findingVersions = (f: ReportOpenFinding) =>
  `${f.software.name} ${f.installedVersion} → ${f.patchedVersion ?? 'no fix yet'}`;

/** How a finding closed: "updated to 9.3.4", "removed". */
export const fixedHow = (f: ReportFixedFinding) =>
  f.closedVersion === null
    ? `${f.software.name} ${f.installedVersion}, removed`
    : `${f.software.name} ${f.installedVersion} → ${f.closedVersion}`;

/**
 * A website's last backup before the period's end, as a report says it (value and source): its time,
 * "none listed" when the host lists none by then, or no data when the host's backups were never read.
 */
export function reportBackup(
  w: Pick<ReportWebsite, 'lastBackupAt' | 'backupsReadAt'>,
  at: (iso: string) => string,
): { value: string; source: string; missing: boolean } {
  if (!w.backupsReadAt)
    return { value: REPORT_NO_DATA, source: 'Backups not read from the host', missing: true };
  return {
    value: w.lastBackupAt ? at(w.lastBackupAt) : 'None listed',
    source: `As the host lists them, read ${at(w.backupsReadAt)}`,
    missing: !w.lastBackupAt,
  };
}
