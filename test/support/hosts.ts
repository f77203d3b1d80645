import { expect } from 'vitest';
import { readGridPaneBackups } from '../../src/server/sync/gridpane-backups';
import type { FakeGridPane } from '../fakes/gridpane';
import type { FakeKinsta } from '../fakes/kinsta';
import type { TestApp } from './app';

/**
 * Both hosts connected as a person would (their integrations saved through the API), their first syncs
 * done, and every GridPane site's backups read: the websites of both, with backups, ready to act on.
 */
export async function connectHosts(
  t: TestApp,
  cookie: string,
  fakes: { gridpane: FakeGridPane; kinsta: FakeKinsta },
): Promise<void> {
  for (const [url, payload] of [
    ['/api/integrations/gridpane', { accessToken: fakes.gridpane.token, baseUrl: fakes.gridpane.url }],
    ['/api/integrations/kinsta', { apiKey: fakes.kinsta.apiKey, baseUrl: fakes.kinsta.url }],
  ] as const) {
    const saved = await t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  await t.services.jobs.idle();
  await readGridPaneBackups(t.services, { sites: 1000 });
}

/** Kinsta alone connected through the API, and its first sync (sites, software, backups) done. */
export async function connectKinsta(t: TestApp, cookie: string, kinsta: FakeKinsta): Promise<void> {
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/integrations/kinsta',
    headers: { cookie },
    payload: { apiKey: kinsta.apiKey, baseUrl: kinsta.url },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await t.services.jobs.idle();
}
