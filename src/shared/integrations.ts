import { z } from 'zod';

export const integrationProviders = [
  'gridpane',
  'kinsta',
  'betteruptime',
  'hdsnapshot',
  'wordfence',
] as const;
export const integrationProvider = z.enum(integrationProviders, {
  error: 'Unknown integration: use gridpane, kinsta, betteruptime, hdsnapshot or wordfence',
});
export type IntegrationProvider = z.infer<typeof integrationProvider>;

export const providerNames: Record<IntegrationProvider, string> = {
  gridpane: 'GridPane',
  kinsta: 'Kinsta',
  betteruptime: 'Better Uptime',
  hdsnapshot: 'HD Snapshot',
  wordfence: 'Wordfence Intelligence',
};

export const DEFAULT_GRIDPANE_BASE_URL = 'https://my.gridpane.com/oauth/api/v1';
export const DEFAULT_KINSTA_BASE_URL = 'https://api.kinsta.com/v2';
export const DEFAULT_BETTERUPTIME_BASE_URL = 'https://uptime.betterstack.com/api/v2';
export const DEFAULT_HDSNAPSHOT_URL_TEMPLATE = 'https://{domain}/wp-json/hd-snapshot/v1/snapshot';

const loopbackHosts = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** Provider addresses must be https; plain http only for loopback (the local fakes and the demo). */
export function isAllowedProviderUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value.replace('{domain}', 'example.com'));
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && loopbackHosts.test(url.hostname));
}

const providerUrl = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} must be at most 500 characters`)
    .refine(isAllowedProviderUrl, `${label} must be an https:// address (http:// only for localhost)`)
    .transform((v) => v.replace(/\/+$/, ''));

const token = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(2000, `${label} is too long`);

export const gridpaneSettings = z.strictObject({
  baseUrl: providerUrl('Base URL').default(DEFAULT_GRIDPANE_BASE_URL),
  accessToken: token('Access token'),
});
/**
 * Kinsta: an API key (MyKinsta → Company settings → API Keys) and, optionally, the company's id, which
 * is otherwise found through the key.
 */
export const kinstaSettings = z.strictObject({
  apiKey: token('API key'),
  companyId: z
    .string({ error: 'Company ID must be text' })
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'Company ID is the UUID shown in MyKinsta under Company settings')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  baseUrl: providerUrl('Base URL').default(DEFAULT_KINSTA_BASE_URL),
});
export const betteruptimeSettings = z.strictObject({
  apiToken: token('API token'),
  baseUrl: providerUrl('Base URL').optional(),
});
export const hdsnapshotSettings = z.strictObject({
  globalToken: token('Global token'),
  urlTemplate: providerUrl('Address template')
    .refine((v) => v.includes('{domain}'), 'Address template must contain {domain}')
    .optional(),
});
/** Wordfence Intelligence: the API key of a wordfence.com account (free), for the vulnerability feed. */
export const wordfenceSettings = z.strictObject({
  apiKey: token('API key'),
});
export type GridPaneSettings = z.infer<typeof gridpaneSettings>;
export type KinstaSettings = z.input<typeof kinstaSettings>;
export type BetterUptimeSettings = z.infer<typeof betteruptimeSettings>;
export type HdSnapshotSettings = z.infer<typeof hdsnapshotSettings>;
export type WordfenceSettings = z.infer<typeof wordfenceSettings>;

/**
 * The hosts Agency Hub can write to a client's site through: restore a backup (which replaces the
 * site) and update its plugins, themes and WordPress. Each write is off until an Admin allows it.
 */
export const RESTORING_PROVIDERS = ['gridpane', 'kinsta'] as const;

/**
 * PATCH /api/integrations/{provider}: switch it on or off, and (a host) allow or forbid restores and
 * updates from Agency Hub; at least one of them.
 */
export const toggleIntegrationRequest = z
  .strictObject({
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    allowRestores: z.boolean({ error: 'allowRestores must be true or false' }).optional(),
    allowUpdates: z.boolean({ error: 'allowUpdates must be true or false' }).optional(),
  })
  .refine((b) => b.enabled !== undefined || b.allowRestores !== undefined || b.allowUpdates !== undefined, {
    message: 'Send enabled, allowRestores or allowUpdates',
  });

/** What the API tells about an integration: never a token, only whether one is set. */
export const integrationView = z.object({
  provider: integrationProvider,
  name: z.string(),
  enabled: z.boolean(),
  configured: z.boolean(),
  tokenSet: z.boolean(),
  /** The token's last four characters, so people can tell which token is saved. */
  tokenHint: z.string().nullable(),
  baseUrl: z.string().nullable(),
  urlTemplate: z.string().nullable(),
  /** Kinsta: the company the saved key reads. */
  companyId: z.string().nullable(),
  /** A host: whether Agency Hub may restore a site's backup through it (off until an Admin allows it). */
  allowRestores: z.boolean(),
  /** A host: whether Agency Hub may update plugins, themes and WordPress through it (off until an Admin allows it). */
  allowUpdates: z.boolean(),
  lastSyncAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  callCount: z.number().int(),
  errorCount: z.number().int(),
});
export type IntegrationView = z.infer<typeof integrationView>;
export const integrationList = z.array(integrationView);

export const providerParams = z.strictObject({ provider: integrationProvider });
