import type { IntegrationProvider } from '../../shared/integrations';
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
  if (provider === 'betteruptime') return checkBetterUptime(services, settings);
  if (provider !== 'gridpane') return undefined;
  const client = services.providers.gridpane({ baseUrl: settings.baseUrl!, token: settings.accessToken! });
  try {
    const user = await client.getUser();
    return `Connected to GridPane as ${user.name}${user.email ? ` (${user.email})` : ''}.`;
  } catch (err) {
    if (isProviderError(err) && err.kind === 'unauthorized') {
      throw new AppError(
        400,
        'provider_rejected_credentials',
        `${err.message}. Check the token and try again.`,
        {
          accessToken: ['GridPane did not accept this token'],
        },
      );
    }
    throw err;
  }
}

async function checkBetterUptime(services: Services, settings: ProviderSettings): Promise<string> {
  const client = services.providers.betteruptime({ baseUrl: settings.baseUrl, token: settings.apiToken! });
  try {
    await client.checkToken();
    return 'Connected to Better Uptime.';
  } catch (err) {
    if (isProviderError(err) && err.kind === 'unauthorized') {
      throw new AppError(
        400,
        'provider_rejected_credentials',
        `${err.message}. Check the token and try again.`,
        {
          apiToken: ['Better Uptime did not accept this token'],
        },
      );
    }
    throw err;
  }
}
