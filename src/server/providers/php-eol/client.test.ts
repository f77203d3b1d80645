import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEndOfLife, startFakeEndOfLife } from '../../../../test/fakes/endoflife';
import { localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
import { createPhpEolClient } from './client';

// endoflife.date's PHP list through its client, against the local fake.
let eol: FakeEndOfLife;
beforeAll(async () => {
  eol = await startFakeEndOfLife();
});
afterAll(() => eol.close());

const php = () => createPhpEolClient({ url: eol.phpUrl, addressPolicy: localTargets, timeoutMs: 1000 });

describe('endoflife.date client', () => {
  it('reads PHP’s branches', async () => {
    const branches = await php().branches();
    expect(branches[0]).toEqual({ branch: '8.5', endOfLife: '2029-12-31', latest: '8.5.4' });
    expect(branches.map((b) => b.branch)).toContain('7.4');
  });

  it('refuses a list it cannot read, and names endoflife.date when the feed fails', async () => {
    eol.setPhp([{ nope: true } as never]);
    expect(await providerFailure(php().branches())).toMatchObject({
      kind: 'bad_response',
      message: 'endoflife.date sent a list without any PHP branch we could read',
    });
    eol.setFailure('php', 'rate_limited', { times: 1 });
    expect(await providerFailure(php().branches())).toMatchObject({
      kind: 'rate_limited',
      provider: 'php-eol',
    });
  });
});
