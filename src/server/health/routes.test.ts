import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

describe('GET /api/health/ready (for load balancers)', () => {
  it('answers 200 without a session while the database answers, is migrated and jobs run', async () => {
    const res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true, database: t.database.kind });
  });

  it('answers 503 while this build has migrations the database lacks (another instance still migrating)', async () => {
    await t.database.query(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    );
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, message: 'Database migrations are not applied yet.' });
  });

  it('answers 503 once the job engine has stopped (shutting down)', async () => {
    await t.services.jobs.stop();
    const res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ ready: false, message: 'The job engine is not running.' });
  });
});
