import pg from 'pg';

/** One statement on the test server's maintenance database (create and drop the suite's own database). */
export async function adminQuery(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}
