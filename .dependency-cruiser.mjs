// The dependency rules of ARCHITECTURE.md, checked by `npm run check:deps` (dependency-cruiser) in CI.
// Every rule is an error: the check fails on any violation, and there are no known exceptions.

const TESTS = '\\.test\\.tsx?$';

// The composition root wires everything together and may import anything.
const COMPOSITION_ROOT = '^src/server/(app|jobs|main|services)\\.ts$';

// Server folders that are layers rather than areas: core/ and db/ under every area, http/ (the
// plugins that wrap the routes), providers/ (one adapter per provider), sync/ (the providers'
// syncs, which call areas) and cli/ (command-line entry points, like main.ts).
const SERVER_LAYERS = '^src/server/(core|db|http|providers|sync|cli)/';

// A web area is any folder of src/web/ but the shell (app/) and the shared pieces (lib/, components/).
const WEB_AREA = '^src/web/(?!app/|lib/|components/)([^/]+)/';
const WEB_SHARED = '^src/web/(app|lib|components)/';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles in src/. Break one by moving what both sides need into a file both import.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'An import the check cannot resolve would escape every other rule.',
      from: { path: '^src/' },
      to: { couldNotResolve: true },
    },
    {
      name: 'shared-is-the-contract',
      severity: 'error',
      comment:
        'src/shared is the API contract of server and web: zod schemas and types only. It imports ' +
        'nothing but src/shared and zod (no node built-ins, no Drizzle, no React). Its tests may use the ' +
        'test runner.',
      from: { path: '^src/shared/', pathNot: '\\.test\\.ts$' },
      to: { pathNot: ['^src/shared/', '^node_modules/zod/'] },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'The web app talks to the server over HTTP only; what both need lives in src/shared.',
      from: { path: '^src/web/' },
      to: { path: '^src/server/' },
    },
    {
      name: 'server-not-web',
      severity: 'error',
      comment: 'The server never imports the web app; what both need lives in src/shared.',
      from: { path: '^src/server/' },
      to: { path: '^src/web/' },
    },
    {
      name: 'core-imports-no-area',
      severity: 'error',
      comment:
        'src/server/core is what every area stands on: it imports only core, db, config.ts, ' +
        'src/shared, node built-ins and npm packages. (Its tests may also use test/ and seed ' +
        'through an area.)',
      from: { path: '^src/server/core/', pathNot: TESTS },
      to: {
        path: '^(src|test)/',
        pathNot: ['^src/server/core/', '^src/server/db/', '^src/server/config\\.ts$', '^src/shared/'],
      },
    },
    {
      name: 'providers-are-adapters',
      severity: 'error',
      comment: 'A provider folder turns one provider into our types; it imports core, not areas.',
      from: { path: '^src/server/providers/' },
      to: { path: '^src/server/', pathNot: ['^src/server/providers/', '^src/server/core/'] },
    },
    {
      name: 'no-area-imports-sync',
      severity: 'error',
      comment:
        "src/server/sync holds the providers' syncs, which call areas; only the composition root " +
        'imports it, so no area depends on a sync.',
      from: {
        path: '^src/server/',
        pathNot: ['^src/server/sync/', COMPOSITION_ROOT],
      },
      to: { path: '^src/server/sync/' },
    },
    {
      name: 'server-areas-through-index',
      severity: 'error',
      comment:
        'An area uses another area only through its public entry, index.ts, which names what others ' +
        'may use of it. Tests may reach into any area.',
      from: { path: '^src/server/([^/]+)/', pathNot: ['^src/server/core/', '^src/server/cli/', TESTS] },
      to: {
        path: '^src/server/[^/]+/',
        pathNot: [SERVER_LAYERS, '^src/server/$1/', '^src/server/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'web-areas-apart',
      severity: 'error',
      comment:
        'A web area uses another area only through lib/, components/ and the shell (app/). ' +
        'Move what two areas share into lib/ or components/.',
      from: { path: WEB_AREA },
      to: { path: '^src/web/[^/]+/', pathNot: ['^src/web/$1/', WEB_SHARED] },
    },
    {
      name: 'web-shared-pieces-stand-alone',
      severity: 'error',
      comment: 'lib/ and components/ are what areas share: they import no area and not the shell.',
      from: { path: '^src/web/(lib|components)/' },
      to: { path: '^src/web/', pathNot: '^src/web/(lib|components)/' },
    },
  ],
  options: {
    // TypeScript 7 has no compiler API that dependency-cruiser can use, so swc parses the sources
    // (type-only imports included: a type import is a dependency too).
    parser: 'swc',
    // For the @shared/* and @web/* paths.
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: ['node_modules', '^test/'] },
    exclude: { path: '^src/server/db/migrations/' },
    skipAnalysisNotInRules: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs'],
    },
  },
};
