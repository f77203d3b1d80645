/**
 * What other areas use of update runs: the site worker's view of its site and steps, and how it
 * records them.
 */
export { ADVANCE_UPDATES_JOB, UPDATE_SITE_JOB } from './jobs';
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
