/** Kinsta's name wherever our tables keep a provider (websites, provider records, integrations). */
export const KINSTA = 'kinsta' as const;

/** Kinsta's API (version 2): the default base URL of the integration. */
export const DEFAULT_KINSTA_BASE_URL = 'https://api.kinsta.com/v2';
