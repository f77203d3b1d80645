import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { isLostDatabaseConnection, openDatabase } from './db/client';
import { dataDirPrivacyMessage } from './db/data-dir';
import { DataDirLockedError } from './db/lock';
import { onSlowStatement, SLOW_STATEMENT_MS } from './db/slow-statements';
import { jobSpecs } from './jobs';
import { loggerOptions } from './logger';
import { createServices } from './services';
import { readReferencesSoon } from './sync/references';

// The build puts this file at dist/server/main.js and the web app at dist/web. Run from the sources
// (`npm run dev`), Vite serves the web app instead.
const here = path.dirname(fileURLToPath(import.meta.url));
const webRoot = here.endsWith(path.join('dist', 'server')) ? path.resolve(here, '../web') : undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database's thread is watched from the start: the app's log says when it died and
  // when it serves again.
  let log: FastifyBaseLogger | undefined;
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, max: config.databasePoolSize }
      : {
          kind: 'pglite',
          dataDir: config.dataDir,
          thread: config.pgliteThread,
          onThreadEvent: (event) =>
            event.kind === 'stopped'
              ? log?.error({ err: event.error.cause ?? event.error }, event.error.message)
              : log?.warn('The embedded database serves again on a new thread'),
        },
  );
  const services = createServices(config, database);
  const app = await buildApp({
    services,
    webRoot,
    logger: loggerOptions(config),
    jobs: 'background',
  });
  log = app.log;
  onSlowStatement((slow) =>
    app.log.warn(
      { statement: slow.statement, ms: slow.ms, cpuMs: slow.cpuMs },
      `A statement took ${slow.ms} ms (over ${SLOW_STATEMENT_MS} ms): ${slow.name}`,
    ),
  );
  const privacy = database.dataDirPrivacy && dataDirPrivacyMessage(config.dataDir, database.dataDirPrivacy);
  if (privacy) app.log.warn(privacy);

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
  // A PostgreSQL restart ends every open connection. A connection that nobody listens to at that moment
  // (the job engine's, between its own listeners) reports the loss as an unhandled error: that is not
  // a reason to stop serving, the pools reconnect. Any other uncaught error still ends the process.
  process.on('uncaughtException', (err) => {
    if (isLostDatabaseConnection(err)) {
      app.log.warn({ err: err.message }, 'A database connection was lost; it is replaced on next use');
      return;
    }
    app.log.fatal({ err }, 'Uncaught error: stopping');
    process.exit(1);
  });

  await app.listen({ port: config.port, host: config.host });
  // The job engine started with the app and finishes starting while the server already answers; a
  // start that fails is as fatal as before.
  await services.jobs.start(jobSpecs(services), app.log);
  // The fleet's reference versions, read once soon after start when they were never read (then daily).
  await readReferencesSoon(services).catch((err: Error) =>
    app.log.warn(`The reference versions could not be queued for reading: ${err.message}`),
  );
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
