// `npm run user:create -- --username U --email E --password P`: creates a user from the shell, on the
// embedded database in DATA_DIR or on PostgreSQL when DATABASE_URL is set.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { email, password, username } from '../../shared/auth';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { AppError } from '../http/errors';
import { createUser } from '../users/service';

const usage = 'Usage: npm run user:create -- --username NAME --email ADDRESS --password SECRET';
const input = z.object({ username, email, password });

async function run(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: { username: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage}`);
    return 2;
  }
  const missing = ['username', 'email', 'password'].filter((k) => values[k] === undefined);
  if (missing.length) {
    console.error(`Missing ${missing.map((m) => `--${m}`).join(', ')}.\n${usage}`);
    return 2;
  }
  const parsed = input.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    return 2;
  }

  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl, max: 1 }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  try {
    const user = await createUser(database.db, parsed.data);
    console.log(`Created user "${user.username}" <${user.email}> (id ${user.id}). They can sign in now.`);
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

run()
  .then((code) => process.exit(code))
  .catch((err) => {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) console.error(err.message);
    else console.error('Could not create the user:', err);
    process.exit(1);
  });
