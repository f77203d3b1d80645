/**
 * What other areas use of update runs: the site worker's view of its site and steps, how it records
 * them, and what a report says of the updates in a period.
 */
export { ADVANCE_UPDATES_JOB, UPDATE_SITE_JOB } from './jobs';
export { advanceUpdateRuns } from './runs';
export {
  finishRunSite,
  itemKey,
  type RunSiteRow,
  readRunSite,
  recordStep,
  type StepRow,
  setItemResults,
  setRunSite,
} from './store';
export { updatesOverPeriod } from './views';
