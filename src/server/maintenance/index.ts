/** What other areas use of maintenance windows: which checks and websites one covers now. */
export { checksInMaintenance, coveringWindowSql, websitesInMaintenance } from './coverage';
export { closeUpdateWindow, openUpdateWindow } from './update-windows';
export { WEEK_MS } from './windows';
