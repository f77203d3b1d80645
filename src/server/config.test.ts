import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('ALLOW_PRIVATE_TARGETS', () => {
  it('is off unless set: only public addresses are contacted', () => {
    expect(load({}).allowPrivateTargets).toBe(false);
    expect(load({ ALLOW_PRIVATE_TARGETS: '' }).allowPrivateTargets).toBe(false);
    expect(load({ ALLOW_PRIVATE_TARGETS: 'false' }).allowPrivateTargets).toBe(false);
  });

  it.each(['true', '1'])('is on with ALLOW_PRIVATE_TARGETS=%s', (value) => {
    expect(load({ ALLOW_PRIVATE_TARGETS: value }).allowPrivateTargets).toBe(true);
  });

  it.each(['true', '1'])('still reads the earlier name, CHECKS_ALLOW_PRIVATE=%s', (value) => {
    expect(load({ CHECKS_ALLOW_PRIVATE: value }).allowPrivateTargets).toBe(true);
    expect(load({ CHECKS_ALLOW_PRIVATE: 'false' }).allowPrivateTargets).toBe(false);
  });

  it('lets the new name win when both are set', () => {
    expect(load({ ALLOW_PRIVATE_TARGETS: 'false', CHECKS_ALLOW_PRIVATE: 'true' }).allowPrivateTargets).toBe(
      false,
    );
    expect(load({ ALLOW_PRIVATE_TARGETS: 'true', CHECKS_ALLOW_PRIVATE: 'false' }).allowPrivateTargets).toBe(
      true,
    );
  });

  it('refuses a value that is not a flag, naming the variable', () => {
    expect(() => load({ ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(ConfigError);
    expect(() => load({ ALLOW_PRIVATE_TARGETS: 'yes' })).toThrow(/ALLOW_PRIVATE_TARGETS/);
    expect(() => load({ CHECKS_ALLOW_PRIVATE: 'yes' })).toThrow(/CHECKS_ALLOW_PRIVATE/);
  });
});

describe('the reference feeds', () => {
  it('read wordpress.org and endoflife.date unless pointed elsewhere', () => {
    expect(load({})).toMatchObject({
      wporgApiUrl: 'https://api.wordpress.org',
      phpEolUrl: 'https://endoflife.date/api/php.json',
      wordfenceApiUrl: 'https://www.wordfence.com/api/intelligence/v3',
    });
    expect(
      load({
        WPORG_API_URL: 'http://127.0.0.1:4013/',
        PHP_EOL_URL: 'http://127.0.0.1:4014/api/php.json',
        WORDFENCE_API_URL: 'http://127.0.0.1:4015/api/intelligence/v3/',
      }),
    ).toMatchObject({
      wporgApiUrl: 'http://127.0.0.1:4013',
      phpEolUrl: 'http://127.0.0.1:4014/api/php.json',
      wordfenceApiUrl: 'http://127.0.0.1:4015/api/intelligence/v3',
    });
  });

  it('refuses an address that is not http(s), naming the variable', () => {
    expect(() => load({ WPORG_API_URL: 'ftp://mirror.example' })).toThrow(/WPORG_API_URL/);
    expect(() => load({ PHP_EOL_URL: 'not a url' })).toThrow(/PHP_EOL_URL/);
    expect(() => load({ WORDFENCE_API_URL: 'ftp://mirror.example' })).toThrow(/WORDFENCE_API_URL/);
  });
});

describe("the pace at which a host's operations and an update are followed", () => {
  it('looks every 5 s at a host, every 15 s at versions, 20 s between health reads unless set', () => {
    expect(load({})).toMatchObject({
      hostOperations: { pollMs: 5_000 },
      updates: { pollMs: 15_000, healthSpacingMs: 20_000 },
    });
    expect(
      load({ HOST_POLL_SECONDS: '1', UPDATE_POLL_SECONDS: '2', UPDATE_HEALTH_SPACING_SECONDS: '45' }),
    ).toMatchObject({
      hostOperations: { pollMs: 1_000 },
      updates: { pollMs: 2_000, healthSpacingMs: 45_000 },
    });
  });

  it.each([
    ['HOST_POLL_SECONDS', '0'],
    ['UPDATE_POLL_SECONDS', 'soon'],
    ['UPDATE_HEALTH_SPACING_SECONDS', '601'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => load({ [name]: value })).toThrow(new RegExp(name));
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('opens ten connections unless set, and refuses a size that cannot work', () => {
    expect(load({}).databasePoolSize).toBe(10);
    expect(load({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => load({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => load({ DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
