import type { AddressPolicy } from '../../core/outbound';
import { getPublicJson, unexpectedAnswer } from '../public-json';
import { WPORG, WPORG_LABEL } from './keys';
import { parseLatestRelease } from './parse';

export type WporgClientOptions = {
  /** WPORG_API_URL: https://api.wordpress.org, or a fake; the API's paths are appended to it. */
  baseUrl: string;
  /** The instance's outbound address rule. */
  addressPolicy: AddressPolicy;
  timeoutMs?: number;
};

export type WporgClient = ReturnType<typeof createWporgClient>;

/**
 * wordpress.org's public API (no key). One method per endpoint, each parsing its answer defensively in
 * parse.ts; every failure is a ProviderError naming wordpress.org.
 */
export function createWporgClient(options: WporgClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const feed = { provider: WPORG, label: WPORG_LABEL };
  const get = (path: string) =>
    getPublicJson({
      ...feed,
      url: `${base}${path}`,
      setting: 'WPORG_API_URL',
      addressPolicy: options.addressPolicy,
      timeoutMs: options.timeoutMs,
    });

  return {
    /** The latest WordPress release ("6.9.1"). */
    async latestRelease(): Promise<string> {
      const latest = parseLatestRelease(await get('/core/version-check/1.7/'));
      if (!latest) throw unexpectedAnswer(feed, 'a version check without a release number');
      return latest;
    },
  };
}
