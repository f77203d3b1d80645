import { and, eq, inArray } from 'drizzle-orm';
import type { ReportDay, ReportWebsite } from '../../shared/reports';
import type { WebsiteView } from '../../shared/websites';
import {
  type Availability,
  availabilityBySpan,
  measuredFrom,
  monitorMeasuredFrom,
  uptimePercent,
} from '../checks';
import { AppError } from '../core/errors';
import { isProviderError } from '../core/outbound/provider-error';
import { checks, integrations, providerRecords } from '../db/schema';
import { betterUptimeClient } from '../integrations';
import { keepDays, utcDay } from '../monitors';
import { readCacheItems } from '../provider-cache';
import { BETTERUPTIME, monitorsKey, slaKey } from '../providers/betteruptime/keys';
import type { Monitor } from '../providers/betteruptime/types';
import type { Services } from '../services';
import { periodDays, type ReportPeriod } from './period';

export type UptimeFigures = Pick<
  ReportWebsite,
  | 'uptime'
  | 'uptimeSource'
  | 'uptimeSourceLabel'
  | 'measuredFrom'
  | 'measuredPartly'
  | 'daily'
  | 'avgResponseMs'
  | 'avgResponseSourceLabel'
>;

const count = (n: number) => n.toLocaleString('en-US');
const twoDecimals = (percent: number) => Math.round(percent * 100) / 100;

/** A site's figures are its checks' results taken together: one sum over all of them. */
function sumOf(checkIds: number[], measured: Map<number, Availability>): Availability | undefined {
  return checkIds.reduce<Availability | undefined>((acc, id) => {
    const a = measured.get(id);
    if (!a) return acc;
    return {
      samples: (acc?.samples ?? 0) + a.samples,
      failures: (acc?.failures ?? 0) + a.failures,
      responseMsSum: (acc?.responseMsSum ?? 0) + a.responseMsSum,
      responses: (acc?.responses ?? 0) + a.responses,
      firstAt: acc && acc.firstAt < a.firstAt ? acc.firstAt : a.firstAt,
    };
  }, undefined);
}

/** Whether the measured time began after the period's start (a newer check or monitor). */
const partly = (from: string | null, period: ReportPeriod) =>
  from !== null && Date.parse(from) > period.start.getTime();

/** Uptime in percent with two decimals, null when nothing was measured. */
const percentOf = (a: Availability | undefined) => {
  const p = uptimePercent(a);
  return p === null ? null : twoDecimals(p);
};
const NOTHING_WATCHES = 'No check or monitor watches this site';

/**
 * Each website's uptime and average response over the period: our checks' stored results when it has
 * checks that measured something, else Better Uptime's SLA for exactly those days, else no figure.
 */
export async function uptimeFigures(
  services: Services,
  sites: Pick<WebsiteView, 'id' | 'betterUptimeMonitor'>[],
  period: ReportPeriod,
): Promise<Map<number, UptimeFigures>> {
  const out = new Map<number, UptimeFigures>();
  if (sites.length === 0) return out;
  const ids = sites.map((s) => s.id);
  const siteChecks = await services.db
    .select({ id: checks.id, websiteId: checks.websiteId })
    .from(checks)
    .where(inArray(checks.websiteId, ids));
  // The whole period and each of its days in one query, by the same rule: a day's bar and the period's
  // figure count the same results the same way.
  const days = periodDays(period);
  const [measured = new Map(), ...daily] = await availabilityBySpan(
    services,
    siteChecks.map((c) => c.id),
    [{ from: period.start, to: period.end }, ...days],
  );
  const monitors = await watchingMonitors(services, sites);
  for (const site of sites) {
    const mine = siteChecks.filter((c) => c.websiteId === site.id).map((c) => c.id);
    const sum = sumOf(mine, measured);
    const monitor = site.betterUptimeMonitor ? monitors?.get(site.betterUptimeMonitor.id) : undefined;
    if (sum && sum.samples > 0) {
      const from = measuredFrom(sum, period.start, HOUR_MS);
      out.set(site.id, {
        uptime: percentOf(sum),
        uptimeSource: 'checks',
        uptimeSourceLabel: `Agency Hub checks: ${count(sum.samples - sum.failures)} of ${count(sum.samples)} results up`,
        measuredFrom: from,
        measuredPartly: partly(from, period),
        daily: days.map((d, i) => ({ day: d.day, uptime: percentOf(sumOf(mine, daily[i]!)) })),
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
        measuredFrom: null,
        measuredPartly: false,
        daily: days.map((d) => ({ day: d.day, uptime: null })),
        avgResponseMs: null,
        avgResponseSourceLabel: 'Agency Hub checks: no results in the period',
      });
    } else {
      out.set(site.id, {
        uptime: null,
        uptimeSource: null,
        uptimeSourceLabel: NOTHING_WATCHES,
        measuredFrom: null,
        measuredPartly: false,
        daily: null,
        avgResponseMs: null,
        avgResponseSourceLabel: NOTHING_WATCHES,
      });
    }
  }
  return out;
}

/**
 * The Better Uptime monitor watching each site (the one the website read model chose), by its id;
 * undefined when Better Uptime is not switched on.
 */
async function watchingMonitors(
  services: Services,
  sites: Pick<WebsiteView, 'betterUptimeMonitor'>[],
): Promise<Map<string, Monitor> | undefined> {
  const [row] = await services.db
    .select({ enabled: integrations.enabled })
    .from(integrations)
    .where(eq(integrations.provider, BETTERUPTIME));
  if (!row?.enabled) return undefined;
  const ids = sites.flatMap((s) => (s.betterUptimeMonitor ? [s.betterUptimeMonitor.id] : []));
  return readCacheItems<Monitor>(services, monitorsKey, ids);
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
    measuredFrom: null,
    measuredPartly: false,
    daily: null,
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
          eq(providerRecords.provider, slaKey.provider),
          eq(providerRecords.kind, slaKey.kind),
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
          provider: slaKey.provider,
          kind: slaKey.kind,
          externalId: key,
          data: sla,
          syncedAt: services.clock.now(),
        })
        .onConflictDoNothing();
    }
  }
  // The monitor measured nothing before it was made.
  const from = monitorMeasuredFrom(period.start, monitor.attributes.created_at);
  return {
    uptime: twoDecimals(sla.availability),
    uptimeSource: 'betteruptime',
    uptimeSourceLabel: `Better Uptime SLA, monitor "${name}", ${period.from} to ${to} (UTC days)`,
    measuredFrom: from,
    measuredPartly: partly(from, period),
    daily: await slaDaily(services, monitor, period),
    avgResponseMs: null,
    avgResponseSourceLabel: noResponse,
  };
}

const HOUR_MS = 3_600_000;

/**
 * The monitor's availability on each of the period's days, as Better Uptime's SLA of the UTC day of
 * that date (kept once a day is past, so a report made twice draws the same bars). A day before the
 * monitor existed, still to come, or that Better Uptime gave no figure for has no bar.
 */
async function slaDaily(services: Services, monitor: Monitor, period: ReportPeriod): Promise<ReportDay[]> {
  const days = periodDays(period).map((d) => d.day);
  const made = monitor.attributes.created_at ? utcDay(new Date(monitor.attributes.created_at)) : '';
  let kept = new Map<string, number>();
  try {
    const { client } = await betterUptimeClient(services);
    const found = await keepDays(
      services,
      client,
      [monitor.id],
      days.filter((day) => day >= made),
    );
    kept = found.uptime.get(monitor.id) ?? kept;
  } catch (err) {
    // Better Uptime's settings unreadable: the days have no bars, the report says why.
    if (!(isProviderError(err) || err instanceof AppError)) throw err;
  }
  return days.map((day) => {
    const uptime = kept.get(day);
    return { day, uptime: uptime === undefined ? null : twoDecimals(uptime) };
  });
}
