/** What other areas use of security: the risk of a website as the lists show it. */

export { findingsOverPeriod } from './history';
export { riskOf, withRisk } from './risk';
export { coreVerdicts } from './wporg-facts';
