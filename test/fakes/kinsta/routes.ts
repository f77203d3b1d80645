import { randomUUID } from 'node:crypto';
import type { FakeAnswer, FakeRequest, RouteHandler } from '../route-server';
import type { FakeEnvironment, FakeOperation, FakeSite, FakeSoftwareKind, KinstaState } from './state';

/** The paths of Kinsta's API this fake answers, as the product appends them to its base. */
export const KINSTA_ROUTES = {
  validate: 'GET /validate',
  companyUsers: 'GET /company/{companyId}/users',
  sites: 'GET /sites',
  environments: 'GET /sites/{siteId}/environments',
  plugins: 'GET /sites/environments/{envId}/plugins',
  themes: 'GET /sites/environments/{envId}/themes',
  backups: 'GET /sites/environments/{envId}/backups',
  downloadable: 'GET /sites/environments/{envId}/downloadable-backups',
  manualBackup: 'POST /sites/environments/{envId}/manual-backups',
  restore: 'POST /sites/environments/{envId}/backups/restore',
  updatePlugin: 'PUT /sites/environments/{envId}/plugins',
  updateTheme: 'PUT /sites/environments/{envId}/themes',
  operation: 'GET /operations/{operationId}',
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

/** A JSON body's `tag` as sent; null when the body is not JSON or the tag is missing or blank. */
function tagOf(body: string): string | null {
  try {
    const tag = (JSON.parse(body) as { tag?: unknown } | null)?.tag;
    return typeof tag === 'string' && tag.trim() ? tag : null;
  } catch {
    return null;
  }
}

/** A JSON body as an object; null when it is not JSON or not an object. */
function jsonObject(body: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The environment's backup made when an operation completes: `manual`, noted with its tag. */
function addManualBackup(state: KinstaState, site: FakeSite, env: FakeEnvironment, tag: string) {
  const ids = state.sites.flatMap((s) => s.environments.flatMap((e) => e.backups.map((b) => b.id)));
  const at = state.now();
  env.backups.push({
    id: Math.max(500_000_000, ...ids) + 1,
    name: `${site.name}-${Math.floor(at / 1000)}-manual`,
    note: tag,
    type: 'manual',
    createdAt: at,
  });
}

/** A version an update may ask for: letters and digits first, then also dots, pluses and dashes. */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/;

/**
 * Compares two versions part by part ("9.10" after "9.9"): numeric parts as numbers, others as text,
 * a missing part as 0. Negative when `a` comes first.
 */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(/[.+-]/);
  const pb = b.split(/[.+-]/);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? '0';
    const y = pb[i] ?? '0';
    const nx = /^\d+$/.test(x) ? Number(x) : null;
    const ny = /^\d+$/.test(y) ? Number(y) : null;
    const order = nx !== null && ny !== null ? nx - ny : x.localeCompare(y);
    if (order !== 0) return order;
  }
  return 0;
}

const softwareOf = (env: FakeEnvironment, software: FakeSoftwareKind) =>
  software === 'plugin' ? env.plugins : env.themes;

type UpdateOperation = Extract<FakeOperation, { kind: 'update' }>;

/**
 * An update done: the plugin (theme) now has the version asked for, and no update is waiting once it
 * is at or past the one Kinsta offered. A plugin removed meanwhile changes nothing.
 */
function applyUpdate(state: KinstaState, env: FakeEnvironment, operation: UpdateOperation) {
  const item = softwareOf(env, operation.software).find((s) => s.name === operation.slug);
  if (!item) return;
  const from = item.version;
  item.version = operation.version;
  if (item.updateVersion !== null && compareVersions(operation.version, item.updateVersion) >= 0) {
    item.updateVersion = null;
  }
  state.updates.push({
    envId: env.id,
    software: operation.software,
    slug: operation.slug,
    from,
    to: operation.version,
    at: state.now(),
  });
}

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

  /**
   * `PUT …/plugins` (or `…/themes`) with `{ name, update_version }`: 422 for a body without both, 404
   * for an environment or a plugin (theme) it does not have; else an operation to follow.
   */
  const update = (request: FakeRequest, software: FakeSoftwareKind): FakeAnswer => {
    const found = findEnvironment(request.params.envId);
    if (!found) return notFound();
    const body = jsonObject(request.body);
    const name = body?.name;
    const version = body?.update_version;
    if (typeof name !== 'string' || !name.trim()) return error(422, 'name is required');
    if (typeof version !== 'string' || !VERSION.test(version)) {
      return error(422, 'update_version must be a version');
    }
    if (!softwareOf(found.env, software).some((s) => s.name === name)) return notFound();
    const id = `${software}s:update-${randomUUID()}`;
    state.operations.push({
      id,
      kind: 'update',
      envId: found.env.id,
      software,
      slug: name,
      version,
      ended: null,
      polls: 0,
    });
    return {
      status: 202,
      body: { operation_id: id, message: `Updating ${software} ${name} in progress`, status: 202 },
    };
  };

  /** An update's poll after it is known: as its environment's behaviour says, until it has ended. */
  const updateProgress = (operation: UpdateOperation): FakeAnswer => {
    if (operation.ended === null) {
      const behaviour = state.updateBehaviour.get(operation.envId) ?? 'succeeds';
      if (behaviour === 'hangs') return { status: 202, body: { status: 202, message: 'In progress' } };
      operation.ended = behaviour === 'fails' ? 'failed' : 'done';
      const found = findEnvironment(operation.envId);
      if (operation.ended === 'done' && found) applyUpdate(state, found.env, operation);
    }
    const what = `${operation.software === 'plugin' ? 'Plugin' : 'Theme'} ${operation.slug}`;
    if (operation.ended === 'failed') {
      const message = `${what} could not be updated to ${operation.version}`;
      return { status: 500, body: { status: 500, message, data: {} } };
    }
    return { status: 200, body: { status: 200, message: `${what} updated to ${operation.version}` } };
  };

  return {
    [KINSTA_ROUTES.validate]: authed(() => ({
      status: 200,
      body: { name: state.keyName, expires_at: state.expiresAt, company: state.companyId, status: 'active' },
    })),
    [KINSTA_ROUTES.companyUsers]: authed((request) => {
      if (request.params.companyId !== state.companyId) return notFound();
      return {
        status: 200,
        body: {
          company: {
            users: state.users.map((u) => ({
              user: { id: u.id, email: u.email, full_name: u.fullName, image: null },
            })),
          },
        },
      };
    }),
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
    [KINSTA_ROUTES.manualBackup]: authed((request) => {
      const found = findEnvironment(request.params.envId);
      if (!found) return notFound();
      const tag = tagOf(request.body);
      if (tag === null) return error(400, 'tag is required');
      const id = `backups:add-manual-${randomUUID()}`;
      state.operations.push({ id, kind: 'manualBackup', envId: found.env.id, tag, polls: 0 });
      return {
        status: 202,
        body: { operation_id: id, message: 'Adding a manual backup to environment in progress', status: 202 },
      };
    }),
    // A restore takes a backup of any environment of the target's site (live onto staging too), and
    // tells a user of the company when it is done.
    [KINSTA_ROUTES.restore]: authed((request) => {
      const found = findEnvironment(request.params.envId);
      if (!found) return notFound();
      const body = jsonObject(request.body);
      const backupId = body?.backup_id;
      if (typeof backupId !== 'number' || !Number.isSafeInteger(backupId)) {
        return error(400, 'backup_id is required');
      }
      const ofSite = found.site.environments.some((e) => e.backups.some((b) => b.id === backupId));
      if (!ofSite) return notFound();
      const userId = body?.notified_user_id;
      if (typeof userId !== 'string' || !state.users.some((u) => u.id === userId)) {
        return error(400, 'notified_user_id must be a user of the company');
      }
      const id = `backups:restore-${randomUUID()}`;
      state.operations.push({
        id,
        kind: 'restore',
        envId: found.env.id,
        backupId,
        notifiedUserId: userId,
        polls: 0,
      });
      return {
        status: 202,
        body: { operation_id: id, message: 'Restoring a backup to environment in progress', status: 202 },
      };
    }),
    [KINSTA_ROUTES.updatePlugin]: authed((request) => update(request, 'plugin')),
    [KINSTA_ROUTES.updateTheme]: authed((request) => update(request, 'theme')),
    // Kinsta's operations: unknown for a moment (404), then in progress, then done. The moment it is
    // done, a manual backup appears in the environment's list, a restore is recorded, or a plugin
    // (theme) has its new version. An update may instead fail (500) or stay in progress.
    [KINSTA_ROUTES.operation]: authed((request) => {
      const operation = state.operations.find((o) => o.id === request.params.operationId);
      if (!operation) return notFound();
      operation.polls++;
      if (operation.polls === 1) return notFound();
      if (operation.polls === 2) return { status: 202, body: { status: 202, message: 'In progress' } };
      if (operation.kind === 'update') return updateProgress(operation);
      if (operation.kind === 'restore') {
        if (operation.polls === 3) {
          const { envId, backupId, notifiedUserId } = operation;
          state.restores.push({ envId, backupId, notifiedUserId, at: state.now() });
        }
        return { status: 200, body: { status: 200, message: 'Backup restored' } };
      }
      const found = findEnvironment(operation.envId);
      if (operation.polls === 3 && found) addManualBackup(state, found.site, found.env, operation.tag);
      return { status: 200, body: { status: 200, message: 'Manual backup created' } };
    }),
  };
}
