/** What other areas use of our checks: measured availability and from when it was measured. */
export {
  type Availability,
  availability,
  availabilityBySpan,
  measuredFrom,
  monitorMeasuredFrom,
  uptimePercent,
} from './results';
export { type SiteHealth, siteHealthNow } from './site-health';
