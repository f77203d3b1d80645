import { createRandom, seedOf } from '../gridpane/random';
import type { RawMonitor } from './monitors';

/**
 * /sla and /response-times bodies. Deterministic per (seed, monitor, period) so a test can call twice
 * and compare, and so cached values in the app stay stable across refreshes of the demo.
 */
const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A strict YYYY-MM-DD → UTC midnight ms; null for anything else (including 2025-02-30). */
export function parseDay(value: string): number | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().startsWith(value) ? ms : null;
}

export type SlaQuery = { from: string | null; to: string | null };

/** Validates like Better Uptime does (400 with a string `errors`); returns the body or an error text. */
export function slaBody(monitor: RawMonitor, query: SlaQuery, seed: number, now: number) {
  const created = Date.parse(String(monitor.attributes.created_at));
  const from = query.from === null ? created : parseDay(query.from);
  const to = query.to === null ? now : parseDay(query.to);
  if (from === null || to === null)
    return { error: 'The data range is invalid. Unparsable date, use YYYY-MM-DD.' };
  if (from > now) return { error: 'The data range is invalid. The start date is in the future.' };
  if (to < from) return { error: 'The data range is invalid. The end date is before the start date.' };

  const random = createRandom(seedOf(seed, monitor.id, query.from ?? '', query.to ?? ''));
  const period = Math.max(DAY_MS, Math.min(to + DAY_MS, now) - from) / 1000;
  const status = monitor.attributes.status;
  // Incidents come at a daily rate, so one day is mostly clean and a month adds up: a down monitor has
  // a bad day now and then (and its last day, which covers the outage going on now).
  const days = period / 86_400;
  const rate = status === 'down' ? 0.3 : status === 'pending' ? 0 : 0.04;
  const ongoing = status === 'down' && to + DAY_MS >= now ? 1 : 0;
  const incidents =
    ongoing +
    (days <= 1 ? (random.chance(rate) ? 1 : 0) : Math.round(rate * days * (0.5 + random.int(0, 100) / 100)));
  // Down monitors lose hours; healthy ones minutes. Durations are whole seconds, as Better Uptime's are.
  const perIncident = status === 'down' ? random.int(1_800, 14_400) : random.int(60, 900);
  const downtime = Math.min(period, incidents * perIncident);
  const availability = Math.round((1 - downtime / period) * 10_000) / 100;
  return {
    body: {
      data: {
        id: monitor.id,
        type: 'monitor_sla',
        attributes: {
          availability,
          total_downtime: downtime,
          number_of_incidents: incidents,
          longest_incident: incidents ? Math.min(downtime, Math.round(perIncident * 1.6)) : 0,
          average_incident: incidents ? Math.round(downtime / incidents) : 0,
        },
      },
    },
  };
}

/** The last 24 h in 30-minute steps per region, float seconds; pending and paused monitors thin out. */
export function responseTimesBody(monitor: RawMonitor, seed: number, now: number) {
  const random = createRandom(seedOf(seed, monitor.id, 'response-times'));
  const status = monitor.attributes.status;
  const regions = (monitor.attributes.regions as string[]).slice();
  while (regions.length < 2) regions.push(regions.length ? 'eu' : 'us'); // ≥2 regions, per the notes
  const base = random.int(120, 900) / 1000;
  const step = 30 * 60_000;
  const end = Math.floor(now / step) * step;
  return {
    data: {
      id: monitor.id,
      type: 'monitor_response_times',
      attributes: {
        regions: regions.map((region, index) => {
          // A pending monitor has no checks yet; a paused one stopped a while ago; one region may be empty.
          const count = status === 'pending' ? 0 : status === 'paused' ? 6 : index === 3 ? 0 : 48;
          const regionBase = base * (1 + index * 0.35);
          return {
            region,
            response_times: Array.from({ length: count }, (_, i) => ({
              at: new Date(end - (count - 1 - i) * step - random.int(0, 59) * 1000).toISOString(),
              response_time: Math.round(regionBase * (0.7 + random.next() * 0.6) * 1000) / 1000 + 0.0004,
            })),
          };
        }),
      },
    },
  };
}
