import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export const templatePaths = {
  pgliteDump: path.join(root, '.test-artifacts/pglite-template.tar'),
  pgTemplate: 'ah_test_template',
};
