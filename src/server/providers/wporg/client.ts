import type { AddressPolicy } from '../../core/outbound';
import { requestPublicJson, unexpectedAnswer } from '../public-json';
import { WPORG, WPORG_LABEL } from './keys';
import {
  type CoreVerdict,
  type DirectoryEntry,
  parseLatestRelease,
  parsePluginInfo,
  parseStableCheck,
  parseUpdateCheck,
} from './parse';

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
  const get = (path: string, extra: { form?: Record<string, string>; answerStatuses?: number[] } = {}) =>
    requestPublicJson({
      ...feed,
      url: `${base}${path}`,
      setting: 'WPORG_API_URL',
      addressPolicy: options.addressPolicy,
      timeoutMs: options.timeoutMs,
      ...extra,
    });

  return {
    /** The latest WordPress release ("6.9.1"). */
    async latestRelease(): Promise<string> {
      const latest = parseLatestRelease(await get('/core/version-check/1.7/'));
      if (!latest) throw unexpectedAnswer(feed, 'a version check without a release number');
      return latest;
    },

    /**
     * The directory's latest version of each plugin it hosts among `plugins` (one batched update check),
     * keyed by slug; plugins it does not host are absent. Each is asked as installed at "0", so every
     * hosted plugin is offered, whatever a site runs.
     */
    async latestPluginVersions(
      plugins: { file: string; name: string }[],
    ): Promise<Map<string, string | null>> {
      const asked = Object.fromEntries(plugins.map((p) => [p.file, { Name: p.name, Version: '0' }]));
      const body = await get('/plugins/update-check/1.1/', {
        form: { plugins: JSON.stringify({ plugins: asked, active: [] }), all: 'true' },
      });
      const latest = parseUpdateCheck(body);
      if (!latest) throw unexpectedAnswer(feed, 'an update check without its plugin list');
      return latest;
    },

    /** What the directory says of one plugin: listed, closed (day, reason) or never listed. */
    async pluginInfo(slug: string): Promise<DirectoryEntry> {
      const query = new URLSearchParams({ action: 'plugin_information', 'request[slug]': slug });
      const parsed = parsePluginInfo(await get(`/plugins/info/1.2/?${query}`, { answerStatuses: [404] }));
      if (!parsed) throw unexpectedAnswer(feed, `plugin information for "${slug}" that could not be read`);
      return parsed;
    },

    /** Every WordPress release with wordpress.org's verdict on it (latest, outdated, insecure). */
    async coreVerdicts(): Promise<Map<string, CoreVerdict>> {
      const verdicts = parseStableCheck(await get('/core/stable-check/1.0/'));
      if (!verdicts) throw unexpectedAnswer(feed, 'a stable check without any release');
      return verdicts;
    },
  };
}
