import type { JobSpec } from '../core/jobs/engine';
import type { Services } from '../services';
import { SECURITY_WARM_JOB } from '../vulnerabilities';
import { securityFindings, securitySummary } from './fleet';

/**
 * The Security page's first view (every client, open findings, the first page) and its summary,
 * computed after the feed or the fleet's matches changed, so the first person to open the page reads a
 * kept answer instead of waiting while the fleet is counted. Other filters are computed on their first
 * read; while background work runs, a read finding its answer out of date gets the previous one.
 */
export async function warmSecurity(services: Services): Promise<{ findings: number }> {
  const context = { ...services, actor: undefined };
  const [page] = await Promise.all([securityFindings(context, {}), securitySummary(context, {})]);
  return { findings: page.total };
}

export const securityWarmJob = (services: Services): JobSpec => ({
  name: SECURITY_WARM_JOB.name,
  policy: 'stately',
  retryLimit: 1,
  expireInSeconds: 1800,
  run: () => warmSecurity(services),
});
