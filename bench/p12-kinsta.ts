// P12: one full Kinsta sync (the company's sites with their environments, then per environment its
// plugins, themes, backups and downloadable backups: the app's own sync) against a rate limit on the
// fake, with the client's spacing set to that limit's pace, compared with the least time the limit
// allows: at most 1.2× that, and never a second 429 in a row. Kinsta publishes no general limit; the
// bench's limit is scaled in time (a short window) so 2,000 sites take minutes, not hours.
import { randomBytes } from 'node:crypto';
import { testConfig } from '../src/server/config';
import { secretBox } from '../src/server/core/secret-box';
import { openDatabase } from '../src/server/db/client';
import { saveIntegration } from '../src/server/integrations/service';
import { createServices } from '../src/server/services';
import { runKinstaSync } from '../src/server/sync/kinsta';
import { startFakeKinsta } from '../test/fakes/kinsta';
import { repeated429s } from './p5-gridpane';

export type KinstaLimits = { sites: number; requests: number; windowMs: number };

export type KinstaResult = {
  limits: KinstaLimits;
  environments: number;
  seconds: number;
  minimumSeconds: number;
  ratio: number;
  requests: number;
  rateLimited: number;
  repeated429: string[];
};

export async function measureKinsta(l: KinstaLimits): Promise<KinstaResult> {
  const fake = await startFakeKinsta({
    sites: l.sites,
    seed: 12,
    apiKey: `bench-p12-${randomBytes(6).toString('hex')}`,
    limit: { requests: l.requests, windowMs: l.windowMs },
  });
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    const config = testConfig({ refreshIntervalMinutes: 0, allowPrivateTargets: true });
    // The client paces itself at the limit's rate: one request every windowMs / requests.
    const spacing = l.windowMs / l.requests;
    const services = createServices(config, database, {
      box: secretBox(randomBytes(32)),
      kinsta: { minSpacingMs: spacing },
    });
    await saveIntegration(services, 'kinsta', {
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      companyId: fake.companyId,
    });
    fake.requests.length = 0;
    const started = performance.now();
    const result = await runKinstaSync(services);
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the last 'finish' events record
    const answered = fake.requests.filter((r) => r.status !== 429).length;
    // The least time: every answered request within the limit, window after window.
    const minimum = Math.max((answered - 1) * spacing, (Math.ceil(answered / l.requests) - 1) * l.windowMs);
    return {
      limits: l,
      environments: result.environments,
      seconds: ms / 1000,
      minimumSeconds: minimum / 1000,
      ratio: ms / minimum,
      requests: fake.requests.length,
      rateLimited: fake.requests.filter((r) => r.status === 429).length,
      repeated429: repeated429s(fake.requests),
    };
  } finally {
    await database.close();
    await fake.close();
  }
}
