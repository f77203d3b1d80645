import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { websites } from '../db/schema';
import { toSoftware } from '../providers/hdsnapshot/parse';
import { recordSnapshotFacts } from './facts';

// What a website runs comes from its HD Snapshot plugin (schema 2 lists plugins and themes). A site
// whose list nobody reported is "not checked", with the reason, never "nothing installed".
let t: TestApp;
let cookie: string;
let site: number;
const detail = async (id = site) =>
  (await t.app.inject({ method: 'GET', url: `/api/websites/${id}`, headers: { cookie } })).json();

const payload = {
  schema_version: 2,
  plugins: [
    {
      slug: 'contact-form-7',
      file: 'contact-form-7/wp-contact-form-7.php',
      name: 'Contact Form 7',
      version: '6.0.1',
      active: true,
      update_version: '6.0.2',
      auto_update: false,
    },
    { slug: 'Acme-Premium', name: 'Acme Premium', version: '3.4.0', active: false, update_version: null },
    { slug: 'contact-form-7', name: 'Listed twice', version: '1.0', active: true },
    { slug: '../etc', name: 'Not a slug', version: '1.0', active: true },
    'junk',
  ],
  themes: [
    { slug: 'astra-child', name: 'Astra Child', version: '1.0.2', active: true, parent: 'astra' },
    { slug: 'astra', name: 'Astra', version: '4.8.0', active: false, parent: null },
  ],
};

beforeAll(async () => {
  t = await createTestApp();
  cookie = await t.signIn();
  const [row] = await t.db
    .insert(websites)
    .values({
      name: 'runs.example',
      domain: 'runs.example',
      integrationProvider: 'gridpane',
      status: 'active',
      environment: 'production',
    })
    .returning();
  site = row!.id;
});
afterAll(() => t.close());

describe('the plugins and themes a schema 2 snapshot lists', () => {
  it('reads them leniently: slugs lower-cased, junk and repeats left out', () => {
    const software = toSoftware(payload)!;
    expect(software.plugins.map((p) => [p.slug, p.version, p.active, p.updateVersion])).toEqual([
      ['contact-form-7', '6.0.1', true, '6.0.2'],
      ['acme-premium', '3.4.0', false, null],
    ]);
    expect(software.themes.map((th) => [th.slug, th.parent])).toEqual([
      ['astra-child', 'astra'],
      ['astra', null],
    ]);
  });

  it('says "not reported" (null) for a schema 1 payload, and an empty list for a site running none', () => {
    expect(toSoftware({ schema_version: 1, plugin_count: 12 })).toBeNull();
    expect(toSoftware({ schema_version: 2, plugins: [] })).toEqual({ plugins: [], themes: [] });
  });
});

describe('a website page says what it runs, or why that is not known', () => {
  it('is not checked before HD Snapshot was ever read', async () => {
    expect((await detail()).software).toEqual({
      checked: false,
      reason: 'HD Snapshot has not been read on this site yet',
      readAt: null,
      source: null,
      plugins: [],
      themes: [],
    });
  });

  it('lists them with when and by whom; a failed read keeps the last list', async () => {
    const at = t.clock.now();
    const snapshot = { wordpress_version: '6.8.3', php_version: '8.3.14', software: toSoftware(payload) };
    await recordSnapshotFacts(t.services, site, { ok: true, snapshot }, at);
    const software = (await detail()).software;
    expect(software).toMatchObject({
      checked: true,
      reason: null,
      readAt: at.toISOString(),
      source: 'hdsnapshot',
    });
    expect(software.plugins).toEqual([
      { slug: 'acme-premium', name: 'Acme Premium', version: '3.4.0', active: false, updateVersion: null },
      {
        slug: 'contact-form-7',
        name: 'Contact Form 7',
        version: '6.0.1',
        active: true,
        updateVersion: '6.0.2',
      },
    ]);
    expect(software.themes.map((th: { slug: string }) => th.slug)).toEqual(['astra', 'astra-child']);

    // The same list read again: only its time moves.
    const later = new Date(at.getTime() + 60_000);
    await recordSnapshotFacts(t.services, site, { ok: true, snapshot }, later);
    expect((await detail()).software).toMatchObject({
      readAt: later.toISOString(),
      plugins: software.plugins,
    });

    // An update installed: the new version replaces the old.
    const updated = structuredClone(payload);
    updated.plugins[0] = {
      ...(payload.plugins[0] as object),
      version: '6.0.2',
      update_version: null,
    } as never;
    await recordSnapshotFacts(
      t.services,
      site,
      { ok: true, snapshot: { ...snapshot, software: toSoftware(updated) } },
      later,
    );
    const cf7 = (await detail()).software.plugins.find((p: { slug: string }) => p.slug === 'contact-form-7');
    expect(cf7).toMatchObject({ version: '6.0.2', updateVersion: null });

    await recordSnapshotFacts(t.services, site, { ok: false, error: 'HD Snapshot answered 500' }, later);
    expect((await detail()).software).toMatchObject({
      checked: true,
      plugins: expect.arrayContaining([cf7]),
    });
  });

  it('forgets the list when the plugin stops reporting it (schema 1), and says why', async () => {
    const snapshot = { wordpress_version: '6.8.3', php_version: '8.3.14', software: null };
    await recordSnapshotFacts(t.services, site, { ok: true, snapshot }, t.clock.now());
    expect((await detail()).software).toMatchObject({
      checked: false,
      reason:
        'Its HD Snapshot plugin does not report the plugin list (schema 1): update the plugin on the site',
      plugins: [],
    });
  });
});
