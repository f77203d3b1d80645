// P5: one full GridPane refresh (servers + sites, the app's own sync) against the fake's rate limit,
// with the client's production spacing, compared with the least time that limit and spacing allow:
// at most 1.2× that, and never a second 429 in a row.
import { randomBytes } from 'node:crypto';
import { testConfig } from '../src/server/config';
import { secretBox } from '../src/server/core/secret-box';
import { openDatabase } from '../src/server/db/client';
import { saveIntegration } from '../src/server/integrations/service';
import { createServices } from '../src/server/services';
import { runGridPaneSync } from '../src/server/sync/gridpane';
import { type RecordedRequest, startFakeGridPane } from '../test/fakes/gridpane';

export type GridPaneLimits = {
  sites: number;
  servers: number;
  maxPerPage: number;
  endpointLimit: number;
  listPageCost: number;
  windowSeconds: number;
};
/** The client's default spacing between requests on one token (GridPaneClientOptions.minSpacingMs). */
export const SPACING_MS = 1000;

/**
 * The least time for `pages` list pages on one endpoint: each at least SPACING_MS after the previous,
 * and at most floor(limit / cost) pages per fixed window, so the last window opens (windows − 1) full
 * windows after the first page.
 */
function endpointMinimumMs(pages: number, l: GridPaneLimits): number {
  const perWindow = Math.floor(l.endpointLimit / l.listPageCost);
  const windows = Math.ceil(pages / perWindow);
  const inLast = pages - (windows - 1) * perWindow;
  return Math.max(
    (pages - 1) * SPACING_MS,
    (windows - 1) * l.windowSeconds * 1000 + (inLast - 1) * SPACING_MS,
  );
}

/** Servers then sites (separate endpoint budgets), one spacing between the two lists. */
export function minimumMs(l: GridPaneLimits): number {
  const serverPages = Math.max(1, Math.ceil(l.servers / l.maxPerPage));
  const sitePages = Math.max(1, Math.ceil(l.sites / l.maxPerPage));
  return endpointMinimumMs(serverPages, l) + SPACING_MS + endpointMinimumMs(sitePages, l);
}

/** Requests answered 429 twice in a row for the same path and query (the client must never cause one). */
export function repeated429s(requests: Pick<RecordedRequest, 'path' | 'query' | 'status'>[]): string[] {
  const last = new Map<string, number | undefined>();
  const bad: string[] = [];
  for (const r of requests) {
    const key = `${r.path}?${new URLSearchParams(r.query)}`;
    if (r.status === 429 && last.get(key) === 429) bad.push(key);
    last.set(key, r.status);
  }
  return bad;
}

export type GridPaneResult = {
  limits: GridPaneLimits;
  seconds: number;
  minimumSeconds: number;
  ratio: number;
  requests: number;
  rateLimited: number;
  repeated429: string[];
  sites: number;
};

export async function measureGridPane(l: GridPaneLimits): Promise<GridPaneResult> {
  const fake = await startFakeGridPane({
    ...l,
    token: `bench-p5-${randomBytes(6).toString('hex')}`,
    seed: 5,
  });
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    // The fake GridPane listens on this machine: private targets are allowed.
    const config = testConfig({ refreshIntervalMinutes: 0, allowPrivateTargets: true });
    const services = createServices(config, database, {
      box: secretBox(randomBytes(32)),
    });
    await saveIntegration(services, 'gridpane', { baseUrl: fake.url, accessToken: fake.token });
    fake.setLimits({}); // fresh windows: the refresh starts with the whole budget
    fake.requests.length = 0;
    const started = performance.now();
    const result = await runGridPaneSync(services); // the sync itself, without the job engine around it
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50)); // let the last 'finish' events record
    const minimum = minimumMs(l);
    return {
      limits: l,
      seconds: ms / 1000,
      minimumSeconds: minimum / 1000,
      ratio: ms / minimum,
      requests: fake.requests.length,
      rateLimited: fake.requests.filter((r) => r.status === 429).length,
      repeated429: repeated429s(fake.requests),
      sites: result?.sites ?? 0,
    };
  } finally {
    await database.close();
    await fake.close();
  }
}
