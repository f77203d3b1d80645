import { type IntegrationProvider, providerNames } from '../../shared/integrations';
import { AppError } from '../core/errors';
import { type AddressPolicy, addressPolicy, assertPublicField } from '../core/outbound';
import { isProviderError, type ProviderError } from '../core/outbound/provider-error';
import { BETTERUPTIME } from '../providers/betteruptime/keys';
import { GRIDPANE } from '../providers/gridpane/keys';
import { KINSTA } from '../providers/kinsta/keys';
import { WORDFENCE } from '../providers/wordfence/keys';
import type { Services } from '../services';
import type { ProviderSettings } from './service';

/**
 * Tries saved credentials against the provider before keeping them, and says what it answered. The
 * address comes first: a base URL the outbound address rule refuses is a 400 on that field and the
 * token is never sent (the transport would refuse it again at connect time). A provider that cannot
 * check (HD Snapshot has no account endpoint: each site checks the token) passes once its address
 * template is acceptable.
 */
export async function checkCredentials(
  services: Services,
  provider: IntegrationProvider,
  settings: ProviderSettings,
): Promise<Checked> {
  if (provider === KINSTA) return checkKinsta(services, settings);
  return { message: await checkOthers(services, provider, settings), settings };
}

/** What the provider said of the credentials, and the settings to save (with what it told us). */
export type Checked = { message: string | undefined; settings: ProviderSettings };

/**
 * Kinsta's key check (`GET /validate`) names the key's company: saved when the form left it empty,
 * and a company typed that is not the key's is refused (every list would answer "not found").
 */
async function checkKinsta(services: Services, settings: ProviderSettings): Promise<Checked> {
  await assertPublicField(settings.baseUrl!, addressPolicy(services.config), 'baseUrl');
  const client = services.providers.kinsta({ baseUrl: settings.baseUrl!, apiKey: settings.apiKey! });
  const key = await asked(KINSTA, 'apiKey', () => client.validate());
  if (settings.companyId && settings.companyId !== key.companyId) {
    const message =
      'This API key belongs to another Kinsta company. Leave Company ID empty to use the key’s own.';
    throw new AppError(400, 'invalid_input', message, { companyId: [message] });
  }
  const expires = key.expiresAt ? ` The key expires on ${key.expiresAt.toISOString().slice(0, 10)}.` : '';
  return {
    message: `Connected to Kinsta (company ${key.companyId}).${expires}`,
    settings: { ...settings, companyId: key.companyId },
  };
}

async function checkOthers(
  services: Services,
  provider: IntegrationProvider,
  settings: ProviderSettings,
): Promise<string | undefined> {
  const policy = addressPolicy(services.config);
  if (provider === GRIDPANE) {
    await assertPublicField(settings.baseUrl!, policy, 'baseUrl');
    const client = services.providers.gridpane({ baseUrl: settings.baseUrl!, token: settings.accessToken! });
    return asked(provider, 'accessToken', async () => {
      const user = await client.getUser();
      return `Connected to GridPane as ${accountName(user.name, user.email)}.`;
    });
  }
  if (provider === BETTERUPTIME) {
    if (settings.baseUrl) await assertPublicField(settings.baseUrl, policy, 'baseUrl');
    const client = services.providers.betteruptime({ baseUrl: settings.baseUrl, token: settings.apiToken! });
    return asked(provider, 'apiToken', async () => {
      await client.checkToken();
      return 'Connected to Better Uptime.';
    });
  }
  // Wordfence Intelligence limits how often a key may read its feed, and has no cheaper call: the
  // first import, started on saving, tries the key; a refused key shows on the integration.
  if (provider === WORDFENCE)
    return `${providerNames[provider]} settings saved. The first read of its vulnerability feed has started and takes a few minutes.`;
  if (settings.urlTemplate) await checkTemplateHost(settings.urlTemplate, policy);
  return undefined;
}

/**
 * An HD Snapshot template whose host is fixed ("https://snapshots.internal/{domain}/…") sends every
 * request there: that host is vetted now. A host made of the site's domain is vetted per site, when
 * each request connects.
 */
async function checkTemplateHost(template: string, policy: AddressPolicy): Promise<void> {
  const authority = template.split('/')[2] ?? '';
  if (authority.includes('{domain}')) return;
  await assertPublicField(template.replaceAll('{domain}', 'example.com'), policy, 'urlTemplate');
}

/** What the provider calls the account, as printable text of a sensible length. */
function accountName(name: string, email: string | null | undefined): string {
  const clean = (text: string, max: number) =>
    text
      .replace(/[^\x20-\x7e\u00a0-\uffff]+/g, ' ')
      .trim()
      .slice(0, max);
  const shown = clean(name, 80) || 'your account';
  const mail = email ? clean(email, 120) : '';
  return mail ? `${shown} (${mail})` : shown;
}

/**
 * A rejected token is the person's to fix (400 on the token field), and so is an address the outbound
 * rule refused (400 on the address field); other trouble is the provider's.
 */
async function asked<T>(provider: IntegrationProvider, field: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (err) {
    if (isProviderError(err) && err.kind === 'unauthorized') {
      throw new AppError(
        400,
        'provider_rejected_credentials',
        `${err.message}. Check the ${field === 'apiKey' ? 'key' : 'token'} and try again.`,
        {
          [field]: [`${providerNames[provider]} did not accept this ${field === 'apiKey' ? 'key' : 'token'}`],
        },
      );
    }
    if (isProviderError(err) && err.kind === 'refused_address') throw refusedAddress(err);
    throw err;
  }
}

const refusedAddress = (err: ProviderError) =>
  new AppError(400, 'invalid_input', err.message, { baseUrl: [err.message] });
