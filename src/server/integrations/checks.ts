import { type IntegrationProvider, providerNames } from '../../shared/integrations';
import { AppError } from '../http/errors';
import { isProviderError } from '../providers/errors';
import type { Services } from '../services';
import type { ProviderSettings } from './service';

/**
 * Tries saved credentials against the provider before keeping them, and says what it answered. A
 * provider that cannot check (HD Snapshot has no account endpoint: each site checks the token) passes.
 */
export async function checkCredentials(
  services: Services,
  provider: IntegrationProvider,
  settings: ProviderSettings,
): Promise<string | undefined> {
  if (provider === 'gridpane') {
    const client = services.providers.gridpane({ baseUrl: settings.baseUrl!, token: settings.accessToken! });
    return asked(provider, 'accessToken', async () => {
      const user = await client.getUser();
      return `Connected to GridPane as ${user.name}${user.email ? ` (${user.email})` : ''}.`;
    });
  }
  if (provider === 'betteruptime') {
    const client = services.providers.betteruptime({ baseUrl: settings.baseUrl, token: settings.apiToken! });
    return asked(provider, 'apiToken', async () => {
      await client.checkToken();
      return 'Connected to Better Uptime.';
    });
  }
  return undefined;
}

/** A rejected token is the person's to fix (400 on the token field); other trouble is the provider's. */
async function asked(
  provider: IntegrationProvider,
  field: string,
  check: () => Promise<string>,
): Promise<string> {
  try {
    return await check();
  } catch (err) {
    if (isProviderError(err) && err.kind === 'unauthorized') {
      throw new AppError(
        400,
        'provider_rejected_credentials',
        `${err.message}. Check the token and try again.`,
        {
          [field]: [`${providerNames[provider]} did not accept this token`],
        },
      );
    }
    throw err;
  }
}
