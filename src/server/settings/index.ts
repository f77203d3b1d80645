/** What other areas use of settings: the agency's settings and time zone, and the two-factor policy. */
export { dueDate, twoFactorDueSql, twoFactorRequiredFor } from './security';
export { agencyTime, getAgencySettings, readLogo, securityAlertMode } from './service';
