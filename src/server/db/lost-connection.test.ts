import { describe, expect, it } from 'vitest';
import { isLostDatabaseConnection } from './client';

describe('a lost database connection', () => {
  it('is what node-postgres reports when the server ends a connection, and nothing else', () => {
    expect(isLostDatabaseConnection(new Error('Connection terminated unexpectedly'))).toBe(true);
    const admin = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isLostDatabaseConnection(admin)).toBe(true);
    expect(isLostDatabaseConnection(Object.assign(new Error('starting up'), { code: '57P03' }))).toBe(true);
    expect(isLostDatabaseConnection(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isLostDatabaseConnection(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      false,
    );
    expect(isLostDatabaseConnection('Connection terminated unexpectedly')).toBe(false);
  });
});
