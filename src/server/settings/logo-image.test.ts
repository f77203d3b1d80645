import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LogoRejected, prepareLogo } from './logo-image';

const image = (width: number, height: number, channels: 3 | 4 = 4) =>
  sharp({ create: { width, height, channels, background: { r: 30, g: 90, b: 200, alpha: 1 } } });

// A decompression bomb: 8,000 × 8,000 transparent pixels, all zero, squeezed into a few hundred KB.
let bomb: Buffer;
beforeAll(async () => {
  bomb = await sharp({
    create: { width: 8000, height: 8000, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 30_000);

const refusal = (input: Buffer) =>
  prepareLogo(input).then(
    () => 'accepted',
    (err: unknown) => (err instanceof LogoRejected ? err.message : `crashed: ${err}`),
  );

describe('a logo upload', () => {
  it('refuses an 8,000 × 8,000 PNG bomb by its header, without decoding it', async () => {
    expect(bomb.length).toBeLessThan(512 * 1024);
    await prepareLogo(await image(10, 10).png().toBuffer()); // sharp loaded: time the check alone
    const rss = process.memoryUsage().rss;
    const started = performance.now();
    expect(await refusal(bomb)).toBe('The logo is 8000 × 8000 px; use an image of at most 2,000 × 2,000 px.');
    expect(performance.now() - started).toBeLessThan(250);
    // Decoded, it would take 256 MB.
    expect(process.memoryUsage().rss - rss).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses anything wider or taller than 2,000 px', async () => {
    expect(await refusal(await image(2001, 10).png().toBuffer())).toBe(
      'The logo is 2001 × 10 px; use an image of at most 2,000 × 2,000 px.',
    );
    expect(await refusal(await image(10, 2001).jpeg().toBuffer())).toMatch(/^The logo is 10 × 2001 px;/);
  });

  it('refuses GIF, SVG and other files, and a PNG that is not one', async () => {
    const gif = await image(10, 10).gif().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const input of [gif, svg, Buffer.from('%PDF-1.7'), Buffer.alloc(0)]) {
      expect(await refusal(input)).toBe('The logo must be a PNG, JPEG or WebP image.');
    }
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(64, 1)]);
    expect(await refusal(fake)).toBe(
      'The logo could not be read as an image: save it again as PNG, JPEG or WebP and upload that file.',
    );
  });

  it('keeps a small PNG, JPEG or WebP at its size: JPEG as JPEG, the others as PNG', async () => {
    for (const [format, type] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
      ['webp', 'image/png'],
    ] as const) {
      const logo = await prepareLogo(await image(300, 100).toFormat(format).toBuffer());
      expect(logo, format).toMatchObject({ type, width: 300, height: 100 });
      const stored = await sharp(logo.bytes).metadata();
      expect(stored, format).toMatchObject({
        format: type === 'image/jpeg' ? 'jpeg' : 'png',
        width: 300,
        height: 100,
        space: 'srgb',
        depth: 'uchar',
      });
    }
  });

  it('shrinks a large one to 512 px on its long side, the 2,000 × 2,000 limit included', async () => {
    const square = await prepareLogo(await image(2000, 2000).png().toBuffer());
    expect(square).toMatchObject({ type: 'image/png', width: 512, height: 512 });
    expect(square.source).toEqual({ type: 'image/png', width: 2000, height: 2000 });
    const wide = await prepareLogo(await image(1500, 500, 3).jpeg().toBuffer());
    expect(wide).toMatchObject({ type: 'image/jpeg', width: 512, height: 171 });
    expect(await sharp(wide.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 171 });
  });

  it('turns a photo upright and drops its metadata (a camera’s EXIF, its location)', async () => {
    const photo = await image(300, 100, 3)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Make: 'Camera' } })
      .toBuffer();
    expect(await sharp(photo).metadata()).toMatchObject({ orientation: 6, exif: expect.any(Buffer) });
    const logo = await prepareLogo(photo);
    expect(logo).toMatchObject({ width: 100, height: 300 });
    const stored = await sharp(logo.bytes).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it('makes 16-bit and grey images 8-bit sRGB (what every PDF reader draws)', async () => {
    const grey16 = await image(40, 20, 3).toColourspace('grey16').png().toBuffer();
    expect((await sharp(grey16).metadata()).depth).toBe('ushort');
    const logo = await prepareLogo(grey16);
    expect(await sharp(logo.bytes).metadata()).toMatchObject({ space: 'srgb', depth: 'uchar' });
  });
});
