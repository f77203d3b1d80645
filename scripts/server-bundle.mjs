// The server's esbuild step, shared by `npm run build` (scripts/build.mjs) and the tests that start the
// bundled server many times (test/server/reliability).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles the server entry points into outdir (main.js …) with the migrations and the embedded
 * database's thread (pglite-worker.mjs) beside them. The server
 * itself is bundled as server.js; main.js turns on Node's compile cache and then loads it, so a restart
 * reuses the compiled code of the 7 MB bundle however the server is started (start-up to serving
 * within 1.5 s on PGlite, 1 s on PostgreSQL).
 */
export async function bundleServer(outdir, entryPoints = { main: 'src/server/main.ts' }) {
  const { main, ...others } = entryPoints;
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(main ? { server: main, ...others } : others).map(([name, file]) => [
        name,
        path.join(root, file),
      ]),
    ),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Dependencies are bundled too: one file loads faster than hundreds (start-up time).
    // PGlite (its WebAssembly and data files sit beside its module), the native argon2 and Swagger UI
    // (it serves its static folder from beside its module), pdfkit (its font metrics sit beside it) and
    // sharp (it loads its native libvips build for this platform from its own packages) stay packages.
    external: [
      '@electric-sql/pglite',
      '@node-rs/argon2',
      'pg-native',
      '@fastify/swagger-ui',
      'pdfkit',
      'sharp',
    ],
    // Bundled CommonJS dependencies call require() for Node's own modules.
    banner: {
      js: "import { createRequire as __ahRequire } from 'node:module'; const require = __ahRequire(import.meta.url);",
    },
    sourcemap: true,
    logLevel: 'warning',
  });
  if (main) {
    fs.writeFileSync(
      path.join(outdir, 'main.js'),
      [
        '// Agency Hub server. Node keeps the compiled code between starts (NODE_COMPILE_CACHE, else the',
        "// system's temporary folder); a folder it cannot write only means no cache.",
        "import module from 'node:module';",
        'module.enableCompileCache?.();',
        "await import('./server.js');",
        '',
      ].join('\n'),
    );
  }
  fs.cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), {
    recursive: true,
  });
  // The embedded database's thread runs from its own file beside the bundle (it imports only PGlite).
  fs.copyFileSync(path.join(root, 'src/server/db/pglite-worker.mjs'), path.join(outdir, 'pglite-worker.mjs'));
}
