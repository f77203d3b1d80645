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
