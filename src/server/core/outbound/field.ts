import { badRequest } from '../errors';
import { type AssertOptions, assertPublicUrl } from './policy';
import { OutboundTargetError } from './url';

/**
 * The outbound address rule for an address a person is saving (a check's URL, a webhook, a provider's
 * base URL): the parsed URL, or a 400 whose message and `field` error say why it was refused and how
 * to allow it. Nothing has been sent when it answers 400.
 */
export async function assertPublicField(url: string, options: AssertOptions, field: string): Promise<URL> {
  try {
    return await assertPublicUrl(url, options);
  } catch (err) {
    if (err instanceof OutboundTargetError) throw badRequest(err.message, { [field]: [err.message] });
    throw err;
  }
}
