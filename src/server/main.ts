import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/lock';
import { jobSpecs } from './jobs/definitions';
import { loggerOptions } from './logger';
import { createServices } from './services';

// The build puts this file at dist/server/main.js and the web app at dist/web. Run from the sources
// (`npm run dev`), Vite serves the web app instead.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = here.endsWith(path.join('dist', 'server')) ? path.resolve(here, '../web') : undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  const services = createServices(config, database);
  const app = await buildApp({
    services,
    webRoot,
    logger: loggerOptions(config),
    jobs: 'background',
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing the server and the database`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // The job engine started with the app and finishes starting while the server already answers; a
  // start that fails is as fatal as before.
  await services.jobs.start(jobSpecs(services), app.log);
  const where = config.databaseUrl ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  console.log(`\nAgency Hub is running at ${config.appUrl} (${config.mode} mode, ${where})`);
  const setupToken = await services.setup.prepare(database.db);
  if (setupToken) {
    console.log(
      `\nNo account exists yet. Create the first one here (this link works once):\n  ${config.appUrl}/setup?token=${setupToken}\n` +
        'Or from a shell: npm run user:create -- --username U --email E --password P\n',
    );
  }
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
  } else {
    console.error('Agency Hub could not start:', err);
  }
  process.exit(1);
});
