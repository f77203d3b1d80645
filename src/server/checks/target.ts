import { checkUrl } from '../../shared/checks';
import { addressPolicy, assertPublicUrl, OutboundTargetError } from '../core/outbound';
import type { Services } from '../services';

/**
 * Why `url` cannot be a check's address, or null when it can: the rules of the check form (a full
 * http(s) address with a real host), then the address policy of this instance (no private targets
 * unless allowed), as a sentence for the person who asked.
 */
export async function checkTargetProblem(services: Services, url: string): Promise<string | null> {
  const parsed = checkUrl.safeParse(url);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? 'This address cannot be checked';
  try {
    await assertPublicUrl(parsed.data, addressPolicy(services.config));
    return null;
  } catch (err) {
    if (err instanceof OutboundTargetError) return err.message;
    throw err;
  }
}
