import type { WebsitePage } from '../../shared/websites';
import { withRisk } from '../security';
import type { Services } from '../services';
import { readWebsitePage } from './views';

/**
 * GET /api/websites, one page: the read model's rows of the page, each with its security risk, read
 * for those rows only.
 */
export async function readWebsiteRows(
  services: Services,
  query: Parameters<typeof readWebsitePage>[1],
): Promise<WebsitePage> {
  const page = await readWebsitePage(services, query);
  return { ...page, data: await withRisk(services, page.data) };
}
