import type { FastifyInstance, RouteOptions } from 'fastify';
import { ROLES, type Role } from '../../shared/auth';

/**
 * Who may call a route, declared in the route's own options (`config.access`) and read by the guards
 * from the route Fastify matched, never from the URL as the client spelled it: `/%61pi/users` matches
 * `/api/users` and so meets exactly the guards of `/api/users`.
 *
 * - `public`: anyone (sign-in, password reset, first-run setup, health, the web app's files).
 * - `session`: a signed-in browser session only; a personal API token is refused. Every route that
 *   grants or changes access is one: the account, the team and its invitations, roles and client
 *   limits, the tokens themselves, the security settings, the integrations' credentials and switches,
 *   and the alert channels, so a leaked token can never widen what it, or anyone, can do.
 * - `session-or-token`: a signed-in session or a personal API token.
 */
export type Access = 'public' | 'session' | 'session-or-token';

/*
 * Every route that is not public also declares the least role that may call it (`config.role`):
 * `viewer` for reads and a person's own account, `staff` for the day-to-day work, `admin` for the
 * team, integrations, alert channels, settings and deleting what cannot come back. A personal API
 * token acts with its owner's role.
 */

/** What a personal API token is told on a `session` route, and with which status. */
export type TokenRefusal = { status: 401 | 403; message: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The least role that may call the route (every route but the public ones). */
    role?: Role;
    /** On `session` routes: the answer to an API token (default: the account routes' 403). */
    tokenRefusal?: TokenRefusal;
    /** Public routes that never read the session (health): they answer even when the lookup cannot. */
    sessionless?: boolean;
    /**
     * Asks a person with two-factor sign-in for a second factor proved within the last minutes (the
     * routes that grant or change access, and those that replace a client's site). Declared on every
     * route that is not public, `false` included, so a new route's author decides it.
     */
    freshTwoFactor?: boolean;
    /**
     * Only a person who signs in with two factors may call it at all (a restore replaces a client's
     * site): with `freshTwoFactor`, they must also have proved it within the last minutes.
     */
    twoFactorOnly?: boolean;
  }
}

export const ACCOUNT_TOKEN_REFUSAL: TokenRefusal = {
  status: 403,
  message: 'Personal API tokens cannot be used on the sign-in and account routes (/api/auth/…).',
};

/** `session` access whose refusal of a token names what a token cannot do. */
export function sessionOnly(cannot: string): { access: 'session'; tokenRefusal: TokenRefusal } {
  return {
    access: 'session',
    tokenRefusal: {
      status: 401,
      message: `Personal API tokens cannot ${cannot}. Sign in to Agency Hub in a browser to do it.`,
    },
  };
}

const ACCESS = new Set<Access>(['public', 'session', 'session-or-token']);

export type RouteEntry = {
  method: string;
  url: string;
  access: Access;
  /** null on public routes. */
  role: Role | null;
  /** Whether a personal API token may call it (only `session-or-token` routes). */
  tokenAllowed: boolean;
  /** Whether a person with two-factor sign-in must have proved it within the last minutes. */
  freshTwoFactor: boolean;
  schema: RouteOptions['schema'];
};

/**
 * Records every route as registered (the security suite walks this table) and refuses to start when a
 * route declares no access, or a guarded one no role or no `freshTwoFactor`: a route added without
 * them never serves, so whether a token may call it and whether it asks for a fresh second factor are
 * always decided by its author. Plugins' own routes (static files, the API reference) get theirs from
 * `declareAccess` around their registration.
 */
export function trackRoutes(app: FastifyInstance): RouteEntry[] {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  const table: RouteEntry[] = [];
  app.addHook('onReady', async () => {
    const undeclared: string[] = [];
    for (const route of routes) {
      const access = route.config?.access;
      const role = route.config?.role;
      for (const method of [route.method].flat()) {
        if (!access || !ACCESS.has(access))
          undeclared.push(`Route ${method} ${route.url} declares no access (config.access)`);
        else if (access !== 'public' && (!role || !ROLES.includes(role)))
          undeclared.push(`Route ${method} ${route.url} declares no role (config.role)`);
        else if (access !== 'public' && typeof route.config?.freshTwoFactor !== 'boolean')
          undeclared.push(
            `Route ${method} ${route.url} does not declare whether it needs a fresh second factor (config.freshTwoFactor)`,
          );
        else if (method !== 'HEAD')
          table.push({
            method,
            url: route.url,
            access,
            role: access === 'public' ? null : role!,
            tokenAllowed: access === 'session-or-token',
            freshTwoFactor: route.config?.freshTwoFactor === true,
            schema: route.schema,
          });
      }
    }
    if (undeclared.length) throw new Error(`${undeclared.join('; ')}.`);
  });
  return table;
}

/**
 * Gives every route a plugin registers inside `scope` the access `access` (plugins take no config);
 * such routes only read, so none asks for a fresh second factor.
 */
export function declareAccess(scope: FastifyInstance, access: Access, role?: Role): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access, ...(role ? { role, freshTwoFactor: false } : {}) };
  });
}
