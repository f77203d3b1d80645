/** What other areas use of Better Uptime's monitors: how a maintenance window ends their incidents. */

export { backfillHistory, keepDays, utcDay } from './history';
export { endMonitorIncidentsInMaintenance, syncMonitorIncidents } from './incidents';
