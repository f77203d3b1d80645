/** What other areas use of incidents: the lifecycle (open, close, place on websites) and the list. */
export {
  closeIncident,
  type IncidentEndReason,
  monitorsWithOpenIncident,
  openIncident,
  openMonitorIncidentsOf,
  placeMonitorIncidentsOnWebsites,
  placeOpenMonitorIncidents,
} from './lifecycle';
export { listIncidents } from './service';
