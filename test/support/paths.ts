import { createHash } from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** Per checkout: two checkouts testing on one PostgreSQL at once never touch each other's databases. */
const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8);

export const templatePaths = {
  pgliteDump: path.join(root, '.test-artifacts/pglite-template.tar'),
  /** Test databases of this checkout are named `${pgPrefix}<random>`; the template is one of them. */
  pgPrefix: `ah_test_${checkout}_`,
  pgTemplate: `ah_test_${checkout}_template`,
};
