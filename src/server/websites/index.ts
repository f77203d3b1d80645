/**
 * What other areas use of websites: the one read model of a website (its joins and health rule, for
 * SQL of their own) and its reads (a page, a list, one website, the health counts).
 */
export {
  domainMonitorJoin,
  domainMonitorsSql,
  monitorFiguresJoin,
  monitorSummaryOf,
  readViewsOf,
} from './read-model';
export { notCheckedReason, readWebsiteSoftware } from './software';
export { healthCounts, keptHealthOf, readWebsite, readWebsites } from './views';
