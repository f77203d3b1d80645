/** What other areas use of the activity log: recording an entry. */
export { recordActivity } from './service';
