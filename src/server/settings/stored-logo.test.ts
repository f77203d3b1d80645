import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support/app';
import { createTestDatabase } from '../../../test/support/database';
import type { Database } from '../db/client';
import { agencySettings } from '../db/schema';
import { prepareLogo } from './logo-image';
import { readLogo } from './service';
import { reviewStoredLogo } from './stored-logo';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 60, alpha: 0.9 } } });
const bomb = () =>
  sharp({ create: { width: 8000, height: 8000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) await o.close();
});

/** A database holding a logo as uploads stored it before they were checked: the bytes as given. */
async function storedBefore(bytes: Buffer, type: string): Promise<Database> {
  const database = await createTestDatabase();
  opened.push(database);
  await database.db
    .insert(agencySettings)
    .values({ name: 'Pixel', logo: new Uint8Array(bytes), logoType: type, logoUpdatedAt: new Date() });
  return database;
}

function capture() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (m: string) => lines.push(`info: ${m}`), warn: (m: string) => lines.push(`warn: ${m}`) },
  };
}

describe('a logo stored before uploads were checked', () => {
  it('is removed when it is a decompression bomb, with a log line saying why', async () => {
    const { db } = await storedBefore(await bomb(), 'image/png');
    const { lines, log } = capture();
    const started = performance.now();
    await reviewStoredLogo({ db }, log);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(lines).toEqual([
      'warn: Removed the stored agency logo, which reports cannot use safely: The logo is 8000 × 8000 px; use an image of at most 2,000 × 2,000 px. Upload a new one in Settings.',
    ]);
    await expect(readLogo({ db })).rejects.toMatchObject({ status: 404 });
    const [row] = await db.select().from(agencySettings);
    expect(row).toMatchObject({ name: 'Pixel', logo: null, logoType: null, logoUpdatedAt: null });
  });

  it('is replaced by its checked copy: a WebP as PNG, a large PNG at 512 px, once', async () => {
    for (const [bytes, type, from, to] of [
      [await image(300, 100).webp().toBuffer(), 'image/webp', '300 × 100', [300, 100]],
      [await image(1200, 400).png().toBuffer(), 'image/png', '1200 × 400', [512, 171]],
    ] as const) {
      const { db } = await storedBefore(bytes, type);
      const { lines, log } = capture();
      await reviewStoredLogo({ db }, log);
      expect(lines).toEqual([
        `info: Replaced the stored agency logo (${type}, ${from} px) by its checked copy (image/png, ${to[0]} × ${to[1]} px).`,
      ]);
      const logo = await readLogo({ db });
      expect(logo.type).toBe('image/png');
      expect(await sharp(logo.bytes).metadata()).toMatchObject({
        format: 'png',
        width: to[0],
        height: to[1],
      });
      // A second look finds it checked: no rewrite, no line.
      await reviewStoredLogo({ db }, log);
      expect(lines).toHaveLength(1);
    }
  });

  it('stays as it is when it is already a checked copy, or a JPEG within 512 px', async () => {
    const checked = await prepareLogo(await image(300, 100).png().toBuffer());
    const jpeg = await image(300, 100).jpeg({ quality: 70 }).toBuffer();
    for (const [bytes, type] of [
      [checked.bytes, 'image/png'],
      [jpeg, 'image/jpeg'],
    ] as const) {
      const { db } = await storedBefore(bytes, type);
      const { lines, log } = capture();
      await reviewStoredLogo({ db }, log);
      expect(lines).toEqual([]);
      expect((await readLogo({ db })).bytes.equals(bytes)).toBe(true);
    }
  });

  it('is checked when the app starts: the settings show no logo, the log says why', async () => {
    const database = await storedBefore(await bomb(), 'image/png');
    opened.pop();
    const t: TestApp = await createTestApp({ database });
    opened.push(t);
    const cookie = await t.signIn();
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/agency', headers: { cookie } });
    expect(settings.json().logo).toBeNull();
    expect(
      t.logs.some((l) => l.includes('Removed the stored agency logo') && l.includes('8000 × 8000')),
    ).toBe(true);
  });
});
