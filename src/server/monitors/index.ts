/** What other areas use of Better Uptime's monitors: how a maintenance window ends their incidents. */
export { endMonitorIncidentsInMaintenance } from './incidents';
