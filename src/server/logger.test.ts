import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/support/app';
import { testConfig } from './config';
import { loggerOptions } from './logger';

const capture = (isTTY: boolean) => {
  const lines: string[] = [];
  return { lines, output: { isTTY, write: (line: string) => void lines.push(line) } };
};

describe('log format (LOG_FORMAT)', () => {
  it('is human in a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    const human = (format: 'auto' | 'json' | 'pretty', isTTY: boolean) => {
      const { lines, output } = capture(isTTY);
      const options = loggerOptions(testConfig({ logLevel: 'info', logFormat: format }), output);
      (options.stream as { write(line: string): void }).write(
        `${JSON.stringify({ level: 40, time: Date.now(), msg: 'disk is nearly full' })}\n`,
      );
      return !lines[0]!.startsWith('{');
    };
    expect(human('auto', true)).toBe(true);
    expect(human('auto', false)).toBe(false);
    expect(human('json', true)).toBe(false);
    expect(human('pretty', false)).toBe(true);
  });
});

describe('human log lines', () => {
  let t: TestApp;
  let cookie: string;
  const text = () => t.logs.join('');
  beforeAll(async () => {
    t = await createTestApp({ logFormat: 'pretty' });
    cookie = await t.signIn();
  });
  afterAll(() => t.close());

  it('write one short line per failed request and none for the others', async () => {
    t.logs.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } });
    await t.app.inject({ method: 'GET', url: '/api/clients', headers: { cookie } });
    expect(t.logs).toEqual([]);
    await t.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { cookie } });
    await t.app.inject({ method: 'POST', url: '/api/clients', headers: { cookie }, payload: { name: '' } });
    expect(t.logs).toHaveLength(2);
    expect(t.logs[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/no-such-thing → 404 \(\d+ ms\)\n$/);
    expect(t.logs[1]).toMatch(/INFO: POST \/api\/clients → 400 \(\d+ ms\)\n$/);
  });

  it('show warnings and errors by level, on one line each', () => {
    t.logs.length = 0;
    t.app.log.warn('GridPane is slow today');
    t.app.log.error({ provider: 'gridpane' }, 'Background sync failed');
    expect(t.logs[0]).toMatch(/WARN: GridPane is slow today\n$/);
    expect(t.logs[1]).toMatch(/ERROR: Background sync failed \{"provider":"gridpane"\}\n$/);
  });

  it('keep secrets out, as the JSON lines do', async () => {
    t.logs.length = 0;
    t.app.log.info({ token: 'tok-secret-1', settings: { accessToken: 'tok-secret-2' } }, 'Saved');
    await t.app.inject({ method: 'GET', url: '/api/auth/reset-password?token=tok-secret-3' });
    await t.app.inject({
      method: 'GET',
      url: '/api/nothing?code=tok-secret-4',
      headers: { cookie, authorization: 'Bearer tok-secret-5' },
    });
    expect(text()).toContain('[redacted]');
    expect(text()).toMatch(/GET \/api\/auth\/reset-password\?token=\[redacted\] → 404/);
    expect(text()).not.toMatch(/tok-secret/);
    expect(text()).not.toContain(cookie.split('=')[1]);
  });
});
