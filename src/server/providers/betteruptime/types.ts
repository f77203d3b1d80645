import type { ProviderList } from '../../core/outbound/provider-types';

/**
 * Our view of Better Uptime data: the only shapes the rest of the app sees. The monitor keeps the
 * JSON:API `{id, attributes}` layout the web app reads (`@shared/monitors`), with an explicit, short list
 * of attributes. Uptime and response times are NOT monitor attributes at Better Uptime: they come from
 * getSla / getResponseTimes and are merged (and cached) by the monitors service.
 */
// The statuses are part of our API contract; the parser maps Better Uptime's onto them.
export { type MonitorStatus, monitorStatuses } from '../../../shared/monitors';

import type { MonitorStatus } from '../../../shared/monitors';

export type Monitor = {
  /** A string, as Better Uptime sends it, even though it looks numeric. */
  id: string;
  attributes: {
    url: string;
    pronounceable_name: string;
    monitor_type: string;
    status: MonitorStatus;
    /** Seconds, as Better Uptime sends it (the UI shows minutes). */
    check_frequency: number | null;
    last_checked_at: string | null;
    paused_at: string | null;
    /** When the monitor was made: it measured nothing before. */
    created_at: string | null;
    regions: string[];
  };
};

export type MonitorList = ProviderList<Monitor>;

/** `/sla` for a period: availability in percent; durations in seconds. */
export type MonitorSla = {
  availability: number;
  total_downtime: number;
  number_of_incidents: number;
  longest_incident: number;
  average_incident: number;
};

/** `/response-times` (roughly the last 24 h), converted from seconds to whole milliseconds. */
export type MonitorResponseTimes = {
  regions: { region: string; points: { at: string; ms: number }[] }[];
  /** Mean over every point of every region; null when there are no points at all. */
  averageMs: number | null;
};

/** `path` is the request path and query without the host (for logs and call counters); `attempt` counts retries. */
export type BetterUptimeCallInfo = { path: string; status: number | null; ms: number; attempt: number };
