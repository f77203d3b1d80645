/**
 * What other areas use of integrations: whether one is on, its settings, the Better Uptime client and
 * asking for a sync.
 */
export { betterUptimeClient } from './clients';
export {
  assertIntegrationOn,
  type IntegrationState,
  integrationOn,
  integrationStateSql,
  listIntegrations,
  loadSettings,
  recordProviderActivity,
  restoresAllowed,
  updatesAllowed,
} from './service';
export { LISTED_PROVIDERS, SYNC_JOBS, sendSync } from './sync-requests';
