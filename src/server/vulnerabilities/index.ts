/** What other areas use of the vulnerability feed: matching, severities, versions and the feed's state. */
export { type FeedState, readFeedState } from './import';
export {
  affecting,
  CORE,
  copyrightOf,
  FINDING_HISTORY_JOB,
  FINDINGS_ALERT_JOB,
  MATCH_JOB,
  recordsFor,
  SECURITY_WARM_JOB,
  severityOf,
  severitySql,
  softwareKey,
  websiteFindingId,
} from './match';
export { compareVersions, isVersion } from './versions';
