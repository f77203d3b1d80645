import { defineConfig } from 'drizzle-kit';

// Migrations are generated once and run unchanged on PGlite and PostgreSQL 15.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
