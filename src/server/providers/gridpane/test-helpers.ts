import { type FakeGridPaneOptions, startFakeGridPane } from '../../../../test/fakes/gridpane';
import { localTargets } from '../../core/outbound/provider-test-helpers';
import { createGridPaneClient, type GridPaneClientOptions } from './client';

/** A fake plus a client pointed at it; spacing off unless a test is about spacing. */
export async function setup(
  fakeOptions: FakeGridPaneOptions = {},
  clientOptions: Partial<GridPaneClientOptions> = {},
) {
  const fake = await startFakeGridPane(fakeOptions);
  const calls: { path: string; status: number | null }[] = [];
  const client = createGridPaneClient({
    baseUrl: `${fake.url}/`,
    token: fake.token,
    addressPolicy: localTargets,
    minSpacingMs: 0,
    onCall: ({ path, status }) => calls.push({ path, status }),
    ...clientOptions,
  });
  return { fake, client, calls };
}

export { localTargets, providerFailure } from '../../core/outbound/provider-test-helpers';
