import type { FakeAnswer, FakeRequest, RouteHandler } from '../route-server';
import type { FakeEnvironment, FakeSite, KinstaState } from './state';

/** The paths of Kinsta's API this fake answers, as the product appends them to its base. */
export const KINSTA_ROUTES = {
  validate: 'GET /validate',
  sites: 'GET /sites',
  environments: 'GET /sites/{siteId}/environments',
  plugins: 'GET /sites/environments/{envId}/plugins',
  themes: 'GET /sites/environments/{envId}/themes',
  backups: 'GET /sites/environments/{envId}/backups',
  downloadable: 'GET /sites/environments/{envId}/downloadable-backups',
} as const;

/** Kinsta's error envelope: `{ message, status, data }`. */
const error = (status: number, message: string): FakeAnswer => ({
  status,
  body: { message, status, data: {} },
});
const unauthorized = () => error(401, 'No or invalid API key provided to the request');
// Kinsta answers 404 both for what does not exist and for what the key may not see.
const notFound = () => error(404, 'Could not find data or the user does not have permissions to retrieve it');

function domainOf(site: FakeSite, name: string) {
  return { id: `dom-${name}`, name, site_id: site.id, is_active: true, type: 'live' };
}

/** An environment shaped as Kinsta sends it (the sites list's `primaryDomain` in camelCase). */
function environmentBody(site: FakeSite, env: FakeEnvironment) {
  const domains = env.domains.map((d) => domainOf(site, d));
  return {
    id: env.id,
    name: env.name,
    display_name: env.displayName,
    is_blocked: false,
    is_premium: false,
    wordpress_version: env.wordpressVersion,
    domains,
    primaryDomain: domains[0] ?? null,
    ssh_connection: { ssh_port: '34567', ssh_ip: { external_ip: '35.200.10.20' } },
    container_info: { id: `container-${env.id}`, php_engine_version: env.php },
  };
}

const software = (list: FakeEnvironment['plugins']) =>
  list.map((p) => ({
    name: p.name,
    title: p.title,
    status: p.status,
    version: p.version,
    update: p.updateVersion ? 'available' : 'none',
    update_version: p.updateVersion,
    update_status: p.updateVersion ? 'available' : 'updated',
  }));

export function kinstaRoutes(state: KinstaState): Record<string, RouteHandler> {
  /** Every route checks the bearer key first, as Kinsta does. */
  const authed =
    (handler: (request: FakeRequest) => FakeAnswer): RouteHandler =>
    (request) =>
      request.headers.authorization === `Bearer ${state.apiKey}` ? handler(request) : unauthorized();

  const findEnvironment = (id: string | undefined) => {
    for (const site of state.sites) {
      const env = site.environments.find((e) => e.id === id);
      if (env) return { site, env };
    }
    return null;
  };
  const withEnvironment = (answer: (found: { site: FakeSite; env: FakeEnvironment }) => FakeAnswer) =>
    authed((request) => {
      const found = findEnvironment(request.params.envId);
      return found ? answer(found) : notFound();
    });

  return {
    [KINSTA_ROUTES.validate]: authed(() => ({
      status: 200,
      body: { name: state.keyName, expires_at: state.expiresAt, company: state.companyId, status: 'active' },
    })),
    [KINSTA_ROUTES.sites]: authed((request) => {
      const company = request.url.searchParams.get('company');
      if (!company) return error(400, 'company is required');
      if (company !== state.companyId) return notFound();
      const withEnvironments = request.url.searchParams.get('include_environments') === 'true';
      return {
        status: 200,
        body: {
          company: {
            sites: state.sites.map((site) => ({
              id: site.id,
              name: site.name,
              display_name: site.displayName,
              status: site.status,
              siteLabels: site.labels.map((name, i) => ({ id: `label-${i}`, name })),
              ...(withEnvironments
                ? { environments: site.environments.map((e) => environmentBody(site, e)) }
                : {}),
            })),
          },
        },
      };
    }),
    [KINSTA_ROUTES.environments]: authed((request) => {
      const site = state.sites.find((s) => s.id === request.params.siteId);
      if (!site) return notFound();
      return {
        status: 200,
        body: { site: { environments: site.environments.map((e) => environmentBody(site, e)) } },
      };
    }),
    [KINSTA_ROUTES.plugins]: withEnvironment(({ env }) => ({
      status: 200,
      body: {
        environment: {
          id: env.id,
          container_info: { id: `container-${env.id}`, wp_plugins: { data: software(env.plugins) } },
        },
      },
    })),
    [KINSTA_ROUTES.themes]: withEnvironment(({ env }) => ({
      status: 200,
      body: {
        environment: {
          id: env.id,
          container_info: { id: `container-${env.id}`, wp_themes: { data: software(env.themes) } },
        },
      },
    })),
    [KINSTA_ROUTES.backups]: withEnvironment(({ env }) => ({
      status: 200,
      body: {
        environment: {
          display_name: env.displayName,
          backups: env.backups.map((b) => ({
            id: b.id,
            name: b.name,
            note: b.note,
            type: b.type,
            created_at: b.createdAt,
          })),
        },
      },
    })),
    [KINSTA_ROUTES.downloadable]: withEnvironment(({ env }) => ({
      status: 200,
      body: {
        environment: {
          display_name: env.displayName,
          downloadable_backups: env.downloadable.map((b) => ({
            id: b.id,
            created_at: b.createdAt,
            expires_at: b.expiresAt,
            download_link: `https://downloads.kinsta.example/${b.id}.zip`,
            is_generation_in_progress: false,
          })),
        },
      },
    })),
  };
}
