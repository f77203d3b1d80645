/**
 * What other areas use of websites: the one read model of a website (its joins and health rule, for
 * SQL of their own) and its reads (a page, a list, one website, the health counts).
 */

export { recordHostPhp, recordSnapshotFacts, recordSoftware } from './facts';
export { monitoringOf } from './monitoring';
export {
  domainMonitorJoin,
  domainMonitorsSql,
  monitorFiguresJoin,
  monitorSummaryOf,
  readViewsOf,
  refreshHealth,
  unwatchedSql,
} from './read-model';
export {
  setWebsitesClient,
  syncWebsites,
  websiteIdsByDomain,
  websiteIdsBySiteId,
  websitesByDomain,
} from './service';
export { notCheckedReason, readWebsiteSoftware } from './software';
export {
  healthCounts,
  keptHealthOf,
  readWebsite,
  readWebsiteList,
  readWebsites,
  type WebsiteFilter,
  websiteListWhere,
} from './views';
