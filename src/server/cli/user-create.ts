// `npm run user:create -- --username U --email E --password P [--role R]`: creates a user from the
// shell, on the embedded database in DATA_DIR or on PostgreSQL when DATABASE_URL is set. Whoever has the
// server's shell already holds everything: the account is an Admin unless another role is asked for,
// and the Owner when it is the first account.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { email, password, ROLES, username } from '../../shared/auth';
import { ConfigError, loadConfig } from '../config';
import { systemClock } from '../core/clock';
import { AppError } from '../core/errors';
import { openDatabase } from '../db/client';
import { dataDirPrivacyMessage } from '../db/data-dir';
import { DataDirLockedError } from '../db/lock';
import { countUsers, createUser } from '../users/service';

const usage = `Usage: npm run user:create -- --username NAME --email ADDRESS --password SECRET [--role ${ROLES.join('|')}]`;
const input = z.object({ username, email, password, role: z.enum(ROLES).optional() });

async function run(): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        username: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string' },
      },
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
  const privacy = database.dataDirPrivacy && dataDirPrivacyMessage(config.dataDir, database.dataDirPrivacy);
  if (privacy) console.warn(privacy);
  try {
    const first = (await countUsers({ db: database.db })) === 0;
    const role = first ? 'owner' : (parsed.data.role ?? 'admin');
    const user = await createUser({ db: database.db, clock: systemClock }, { ...parsed.data, role });
    console.log(
      `Created user "${user.username}" <${user.email}> (id ${user.id}, ${user.role}). They can sign in now.`,
    );
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
