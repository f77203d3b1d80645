/** What other areas use of the fleet view: its filters and counts. */
export { fleetCounts, fleetWhere } from './service';
