import type { AddressPolicy } from '../../core/outbound';
import { requestPublicJson, unexpectedAnswer } from '../public-json';
import { PHP_EOL, PHP_EOL_LABEL } from './keys';
import { type PhpBranch, parsePhpBranches } from './parse';

export type { PhpBranch } from './parse';

export type PhpEolClientOptions = {
  /** PHP_EOL_URL: https://endoflife.date/api/php.json, or a fake. */
  url: string;
  /** The instance's outbound address rule. */
  addressPolicy: AddressPolicy;
  timeoutMs?: number;
};

export type PhpEolClient = ReturnType<typeof createPhpEolClient>;

/** endoflife.date's PHP list (no key); every failure is a ProviderError naming endoflife.date. */
export function createPhpEolClient(options: PhpEolClientOptions) {
  const feed = { provider: PHP_EOL, label: PHP_EOL_LABEL };
  return {
    /** PHP's branches with their end of life, newest first. */
    async branches(): Promise<PhpBranch[]> {
      const body = await requestPublicJson({
        ...feed,
        url: options.url,
        setting: 'PHP_EOL_URL',
        addressPolicy: options.addressPolicy,
        timeoutMs: options.timeoutMs,
      });
      const parsed = parsePhpBranches(body);
      if (!parsed) throw unexpectedAnswer(feed, 'a list without any PHP branch we could read');
      return parsed.branches;
    },
  };
}
