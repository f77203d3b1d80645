import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeGridPane,
  generateFleet,
  startFakeGridPane,
  type WpCliCommands,
} from '../../../../test/fakes/gridpane';
import {
  CRITICAL_ERROR,
  compareVersions,
  connectWpCli,
  type FakeWordPress,
  nextMinorRelease,
  siteTitleFor,
  startFakeWordPress,
} from '../../../../test/fakes/wordpress';
import { fetchSnapshot } from '../hdsnapshot/client';
import { createGridPaneClient } from './client';
import { localTargets } from './test-helpers';

// The fakes other tests play safe updates against: GridPane running WP-CLI, and the sites it changes.
let gridpane: FakeGridPane | undefined;
let wordpress: FakeWordPress | undefined;
afterEach(async () => {
  await gridpane?.close();
  await wordpress?.close();
  gridpane = undefined;
  wordpress = undefined;
});

const SEED = 7;

/** A GridPane fake whose WP-CLI runs change a WordPress fake hosting the same sites. */
async function startBoth(delayMs = 0) {
  const sites = 30;
  const domains = generateFleet({ sites, seed: SEED }).sites.map((s) => String(s.url));
  wordpress = await startFakeWordPress({ domains, seed: SEED });
  gridpane = await startFakeGridPane({ sites, seed: SEED, onWpCli: connectWpCli(wordpress, { delayMs }) });
  const client = createGridPaneClient({
    baseUrl: gridpane.url,
    token: gridpane.token,
    addressPolicy: localTargets,
    minSpacingMs: 0,
  });
  // A site that lists its plugins, one of them with an update waiting.
  const site = gridpane.fleet.sites.find((s) =>
    wordpress!.expected(String(s.url)).plugins?.some((p) => p.update_version !== null),
  )!;
  const domain = String(site.url);
  const found = wordpress.expected(domain).plugins!.find((p) => p.update_version !== null)!;
  const plugin = { ...found, update_version: found.update_version! };
  const read = async () => {
    const { snapshot } = await fetchSnapshot({
      domain,
      token: wordpress!.token,
      urlTemplate: wordpress!.urlTemplate,
      addressPolicy: localTargets,
    });
    return { snapshot, plugin: snapshot.software!.plugins.find((p) => p.slug === plugin.slug)! };
  };
  const home = () => fetch(wordpress!.homeUrlTemplate.replace('{domain}', domain));
  return { client, site, domain, plugin, read, home };
}

describe('fake GridPane: PUT /site/run-wp-cli/{id}', () => {
  const put = (path: string, body: string, token = gridpane!.token, method = 'PUT') =>
    fetch(`${gridpane!.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body,
    });

  it('checks the token, the site and the body; records a run and answers with the server it ran on', async () => {
    const runs: [{ id: number; url: string }, WpCliCommands][] = [];
    gridpane = await startFakeGridPane({ sites: 10, onWpCli: (site, wp) => runs.push([site, wp]) });
    const site = gridpane.fleet.sites[4]!;
    const server = gridpane.fleet.servers.find((s) => s.id === site.server_id)!;
    const wp = { plugin: ['update contact-form-7 --version=6.0.2'], core: ['update --minor'] };
    const good = JSON.stringify({ wp });

    const denied = await put(`/site/run-wp-cli/${site.id}`, good, 'wrong');
    expect([denied.status, await denied.json()]).toEqual([401, { message: 'Unauthenticated.' }]);
    const unknown = await put('/site/run-wp-cli/1', good);
    expect([unknown.status, await unknown.json()]).toEqual([404, { message: 'Not Found' }]);
    expect((await put(`/site/run-wp-cli/${site.id}`, good, gridpane.token, 'POST')).status).toBe(404);
    for (const body of [
      'not json',
      '[]',
      '{}',
      '{"wp": {}}',
      '{"wp": []}',
      '{"wp": {"plugin": "update akismet"}}',
      '{"wp": {"plugin": [1]}}',
      '{"wp": {"cli": ["update akismet"]}}',
      '{"wp": {"plugin": ["update akismet"]}, "force": true}',
    ]) {
      const refused = await put(`/site/run-wp-cli/${site.id}`, body);
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({
        error: { code: 'invalid_request', message: 'The wp field must list plugin, theme or core commands.' },
      });
    }
    expect(runs).toEqual([]);

    const ran = await put(`/site/run-wp-cli/${site.id}`, good);
    expect(ran.status).toBe(200);
    expect(await ran.json()).toEqual({
      success: true,
      message: `Commands successfully executed on ${server.ip} server.`,
    });
    expect(runs).toEqual([[{ id: site.id, url: site.url }, wp]]);
    expect(gridpane.wpCli).toEqual([{ siteId: site.id, url: site.url, wp, at: expect.any(Date) }]);
    expect(gridpane.writes().map((w) => w.status)).toEqual([401, 404, 404, ...Array(9).fill(422), 200]);
    expect(gridpane.writes().at(-1)).toMatchObject({ method: 'PUT', body: good });
  });
});

describe('fake WordPress: sites GridPane updates', () => {
  it('serves each site’s home page with its name as the title, and 404 for a site it does not host', async () => {
    const { domain, home } = await startBoth();
    const page = await home();
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain(`<title>${siteTitleFor(domain)}</title>`);
    expect(siteTitleFor('staging.oakandiron.co')).toBe('Oakandiron (staging)');
    expect((await fetch(wordpress!.homeUrlTemplate.replace('{domain}', 'nope.example'))).status).toBe(404);
    expect(wordpress!.requests.at(0)).toMatchObject({ domain, route: 'home', status: 200 });
  });

  it('reports a plugin’s, the theme’s and core’s new versions once the delay has passed', async () => {
    const { client, site, domain, plugin, read } = await startBoth(400);
    const before = await read();
    const core = wordpress!.expected(domain).wordpress_version;
    expect(before.plugin).toMatchObject({ version: plugin.version, updateVersion: plugin.update_version });
    const theme = wordpress!.expected(domain).theme_details;
    const started = Date.now();
    await client.runWpCli(site.id, {
      plugin: [`update ${plugin.slug}`],
      theme: [`update ${theme.stylesheet} --version=9.9.9`],
      core: ['update --minor'],
    });
    expect((await read()).plugin.version).toBe(plugin.version); // not yet: WP-CLI is still running

    let after = await read();
    while (after.plugin.version === plugin.version && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await read();
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    expect(after.plugin).toMatchObject({ version: plugin.update_version, updateVersion: null });
    expect(after.snapshot.wordpress_version).toBe(nextMinorRelease(core));
    expect(wordpress!.expected(domain).theme_details.version).toBe('9.9.9');
    expect(wordpress!.updates.map((u) => [u.group, u.slug, u.from, u.to])).toEqual([
      ['plugin', plugin.slug, plugin.version, plugin.update_version],
      ['theme', theme.stylesheet, theme.version, '9.9.9'],
      ['core', null, core, nextMinorRelease(core)],
    ]);
  });

  it('breaks the home page with the critical-error page after an update, until it is rolled back', async () => {
    const { client, site, domain, plugin, read, home } = await startBoth();
    wordpress!.setUpdateBehaviour(domain, 'breaks');
    await client.runWpCli(site.id, { plugin: [`update ${plugin.slug} --version=${plugin.update_version}`] });
    expect((await read()).plugin.version).toBe(plugin.update_version); // applied, then broken
    const broken = await home();
    expect(broken.status).toBe(500);
    expect(await broken.text()).toContain(CRITICAL_ERROR);

    // Another version of the same plugin is no rollback: still broken.
    await client.runWpCli(site.id, { plugin: [`update ${plugin.slug} --version=99.0.0`] });
    expect((await home()).status).toBe(500);

    await client.runWpCli(site.id, { plugin: [`update ${plugin.slug} --version=${plugin.version} --force`] });
    const healed = await home();
    expect(healed.status).toBe(200);
    expect(await healed.text()).toContain(`<title>${siteTitleFor(domain)}</title>`);
    expect((await read()).plugin).toMatchObject({
      version: plugin.version,
      updateVersion: plugin.update_version,
    });
  });

  it('never changes a site set to never-changes, though GridPane says the commands ran', async () => {
    const { client, site, domain, plugin, read, home } = await startBoth(50);
    wordpress!.setUpdateBehaviour(domain, 'never-changes');
    const before = (await read()).snapshot.wordpress_version;
    await client.runWpCli(site.id, { plugin: [`update ${plugin.slug}`], core: ['update --minor'] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = await read();
    expect(after.plugin).toMatchObject({ version: plugin.version, updateVersion: plugin.update_version });
    expect(after.snapshot.wordpress_version).toBe(before);
    expect(gridpane!.wpCli).toHaveLength(1);
    expect(wordpress!.updates).toEqual([]);
    expect((await home()).status).toBe(200);
  });

  it('reads commands as WP-CLI does: older core only with --force, unknown items and odd commands ignored', async () => {
    const { domain, plugin, home } = await startBoth();
    const core = wordpress!.expected(domain).wordpress_version;
    await wordpress!.applyWpCli(domain, {
      core: ['update --version=6.0.1'],
      plugin: ['update not-installed --version=1.0', 'uninstall akismet', `update ${plugin.slug} --bogus`],
    });
    expect(wordpress!.updates).toEqual([]);
    await wordpress!.applyWpCli(domain.toUpperCase(), { core: ['update --version=6.0.1 --force'] });
    expect(wordpress!.expected(domain).wordpress_version).toBe('6.0.1');
    await wordpress!.applyWpCli('not-hosted.example', { core: ['update --minor'] });
    expect(wordpress!.updates).toHaveLength(1);

    wordpress!.setUpdateBehaviour(domain, 'breaks');
    await wordpress!.applyWpCli(domain, { plugin: [`update ${plugin.slug}`] });
    expect((await home()).status).toBe(500);
    wordpress!.resetSite(domain); // a restore from before the updates
    expect((await home()).status).toBe(200);
    expect(wordpress!.expected(domain).wordpress_version).toBe(core);

    expect(compareVersions('6.10', '6.9')).toBeGreaterThan(0);
    expect(compareVersions('3.1-beta2', '3.1')).toBeLessThan(0);
    expect(compareVersions('6.7', '6.7.0.1')).toBeLessThan(0);
    expect(['6.5.3', '6.7', '6.7.1', '6.4.5'].map(nextMinorRelease)).toEqual([
      '6.5.5',
      '6.7.1',
      '6.7.2',
      '6.4.6',
    ]);
  });
});
