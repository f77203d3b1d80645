import { and, eq, inArray } from 'drizzle-orm';
import { normaliseDomain } from '../../shared/domains';
import type { ReportWebsite } from '../../shared/reports';
import { type Availability, availability } from '../checks/results';
import { checks, integrations, providerRecords } from '../db/schema';
import { AppError } from '../http/errors';
import { betterUptimeClient, monitorsKey } from '../monitors/sync';
import { readCache } from '../provider-cache/service';
import type { Monitor } from '../providers/betteruptime/types';
import { isProviderError } from '../providers/errors';
import type { Services } from '../services';
import type { ReportPeriod } from './period';

export type UptimeFigures = Pick<
  ReportWebsite,
  'uptime' | 'uptimeSource' | 'uptimeSourceLabel' | 'avgResponseMs' | 'avgResponseSourceLabel'
>;

const count = (n: number) => n.toLocaleString('en-US');
const twoDecimals = (percent: number) => Math.round(percent * 100) / 100;
/** SLA figures of past periods never change: cached under this kind, keyed by monitor and days. */
export const slaKind = 'report-sla';
const NOTHING_WATCHES = 'No check or monitor watches this site';

/**
 * Each website's uptime and average response over the period: our checks' stored results when it has
 * checks that measured something, else Better Uptime's SLA for exactly those days, else no figure.
 */
export async function uptimeFigures(
  services: Services,
  sites: { id: number; domain: string }[],
  period: ReportPeriod,
): Promise<Map<number, UptimeFigures>> {
  const out = new Map<number, UptimeFigures>();
  if (sites.length === 0) return out;
  const ids = sites.map((s) => s.id);
  const siteChecks = await services.db
    .select({ id: checks.id, websiteId: checks.websiteId })
    .from(checks)
    .where(inArray(checks.websiteId, ids));
  const measured = await availability(
    services.db,
    siteChecks.map((c) => c.id),
    period.start,
    period.end,
  );
  const monitors = await monitorsByDomain(services);
  for (const site of sites) {
    const mine = siteChecks.filter((c) => c.websiteId === site.id);
    const sum = mine.reduce<Availability | undefined>((acc, c) => {
      const a = measured.get(c.id);
      if (!a) return acc;
      return {
        samples: (acc?.samples ?? 0) + a.samples,
        failures: (acc?.failures ?? 0) + a.failures,
        responseMsSum: (acc?.responseMsSum ?? 0) + a.responseMsSum,
        responses: (acc?.responses ?? 0) + a.responses,
      };
    }, undefined);
    const monitor = monitors?.get(site.domain);
    if (sum && sum.samples > 0) {
      out.set(site.id, {
        uptime: twoDecimals(((sum.samples - sum.failures) / sum.samples) * 100),
        uptimeSource: 'checks',
        uptimeSourceLabel: `Agency Hub checks: ${count(sum.samples - sum.failures)} of ${count(sum.samples)} results up`,
        avgResponseMs: sum.responses ? Math.round(sum.responseMsSum / sum.responses) : null,
        avgResponseSourceLabel: sum.responses
          ? `Agency Hub checks: mean of ${count(sum.responses)} answers`
          : 'Agency Hub checks: no answer in the period',
      });
    } else if (monitor) {
      out.set(site.id, await slaFigures(services, monitor, period));
    } else if (mine.length > 0) {
      out.set(site.id, {
        uptime: null,
        uptimeSource: 'checks',
        uptimeSourceLabel: 'Agency Hub checks: no results in the period',
        avgResponseMs: null,
        avgResponseSourceLabel: 'Agency Hub checks: no results in the period',
      });
    } else {
      out.set(site.id, {
        uptime: null,
        uptimeSource: null,
        uptimeSourceLabel: NOTHING_WATCHES,
        avgResponseMs: null,
        avgResponseSourceLabel: NOTHING_WATCHES,
      });
    }
  }
  return out;
}

/** Better Uptime's monitors by the normalised domain they watch; undefined when it is not switched on. */
async function monitorsByDomain(services: Services): Promise<Map<string, Monitor> | undefined> {
  const [row] = await services.db
    .select({ enabled: integrations.enabled })
    .from(integrations)
    .where(eq(integrations.provider, 'betteruptime'));
  if (!row?.enabled) return undefined;
  const monitors = (await readCache<Monitor>(services.db, monitorsKey)).items;
  const byDomain = new Map<string, Monitor>();
  // The lowest id wins when several monitors watch one site: the same one every time.
  for (const m of [...monitors].sort((a, b) => a.id.localeCompare(b.id, 'en', { numeric: true }))) {
    const domain = normaliseDomain(m.attributes.url);
    if (domain && !byDomain.has(domain)) byDomain.set(domain, m);
  }
  return byDomain;
}

type CachedSla = { availability: number; totalDowntime: number; incidents: number };

/**
 * The provider's SLA for the period's days (Better Uptime counts whole UTC days). A period that has
 * ended is asked once and cached, so a report made twice states the same figure; one still going on
 * is asked up to today and not cached.
 */
async function slaFigures(
  services: Services,
  monitor: Monitor,
  period: ReportPeriod,
): Promise<UptimeFigures> {
  const name = monitor.attributes.pronounceable_name || monitor.attributes.url;
  const noResponse = 'Better Uptime gives no response times for a past period';
  const none = (why: string): UptimeFigures => ({
    uptime: null,
    uptimeSource: 'betteruptime',
    uptimeSourceLabel: `Better Uptime monitor "${name}": ${why}`,
    avgResponseMs: null,
    avgResponseSourceLabel: noResponse,
  });
  const today = services.clock.now().toISOString().slice(0, 10);
  if (period.from > today) return none('the period has not started');
  const to = period.to < today ? period.to : today;
  const complete = period.to < today;
  const key = `${monitor.id}/${period.from}/${to}`;
  let sla: CachedSla | undefined;
  if (complete) {
    const [cached] = await services.db
      .select({ data: providerRecords.data })
      .from(providerRecords)
      .where(
        and(
          eq(providerRecords.provider, 'betteruptime'),
          eq(providerRecords.kind, slaKind),
          eq(providerRecords.externalId, key),
        ),
      );
    sla = cached?.data as CachedSla | undefined;
  }
  if (!sla) {
    try {
      const { client } = await betterUptimeClient(services);
      const got = await client.getSla(monitor.id, period.from, to);
      sla = {
        availability: got.availability,
        totalDowntime: got.total_downtime,
        incidents: got.number_of_incidents,
      };
    } catch (err) {
      // The provider failing, or its settings unreadable: the report says so rather than failing whole.
      if (isProviderError(err) || err instanceof AppError) return none(`no figure (${err.message})`);
      throw err;
    }
    if (complete) {
      await services.db
        .insert(providerRecords)
        .values({
          provider: 'betteruptime',
          kind: slaKind,
          externalId: key,
          data: sla,
          syncedAt: services.clock.now(),
        })
        .onConflictDoNothing();
    }
  }
  return {
    uptime: twoDecimals(sla.availability),
    uptimeSource: 'betteruptime',
    uptimeSourceLabel: `Better Uptime SLA, monitor "${name}", ${period.from} to ${to} (UTC days)`,
    avgResponseMs: null,
    avgResponseSourceLabel: noResponse,
  };
}
