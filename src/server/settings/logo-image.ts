import pLimit from 'p-limit';
import type { Sharp, SharpConstructor } from 'sharp';
import {
  LOGO_MAX_SIDE,
  LOGO_TYPE_INVALID,
  type LOGO_TYPES,
  LOGO_UNREADABLE,
  logoTooManyPixels,
} from '../../shared/settings';

type LogoType = (typeof LOGO_TYPES)[number];
/** What a stored logo is: a PNG, or a JPEG kept as JPEG (pdfkit draws both; it cannot draw WebP). */
export type StoredLogoType = 'image/png' | 'image/jpeg';

/** The stored copy's long side: twice the report header's width, enough for a sharp print. */
export const LOGO_STORED_SIDE = 512;

/** A logo refused, with the sentence to show the person who chose it. */
export class LogoRejected extends Error {
  override name = 'LogoRejected';
}

export type PreparedLogo = {
  bytes: Buffer;
  type: StoredLogoType;
  width: number;
  height: number;
  /** The image as it was given: its type and size. */
  source: { type: LogoType; width: number; height: number };
};

/** The image type told by its first bytes, never by what the client claims; SVG is never accepted. */
export function sniffImageType(bytes: Uint8Array): LogoType | undefined {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return undefined;
}

let loading: Promise<SharpConstructor> | undefined;

/**
 * sharp, loaded on the first logo (its native library costs a start that shows no image) and set for a
 * small shared server: one libvips thread per image and no operation cache (each logo is decoded once),
 * and only the PNG, JPEG and WebP decoders, so no other format's parser ever sees an upload.
 */
function loadSharp(): Promise<SharpConstructor> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    sharp.block({ operation: ['VipsForeignLoad'] });
    sharp.unblock({
      operation: ['VipsForeignLoadPngBuffer', 'VipsForeignLoadJpegBuffer', 'VipsForeignLoadWebpBuffer'],
    });
    return sharp;
  });
  return loading;
}

// One logo at a time: a decoded 2,000 × 2,000 image is 16 MB, and uploads are rare.
const oneAtATime = pLimit(1);

/**
 * Checks an image and makes the copy to keep: PNG, JPEG or WebP by its bytes, at most 2,000 px each
 * way by its header (read before any pixel is decoded, so a decompression bomb is refused at once),
 * then decoded within that many pixels, turned upright, shrunk to at most 512 px on its long side, in
 * sRGB and 8 bits, without its metadata. JPEG stays JPEG; PNG and WebP become PNG.
 * Throws LogoRejected with a sentence for the person who chose the image.
 */
export function prepareLogo(input: Buffer): Promise<PreparedLogo> {
  return oneAtATime(async () => {
    const type = sniffImageType(input);
    if (!type) throw new LogoRejected(LOGO_TYPE_INVALID);
    const sharp = await loadSharp();
    const header = await sharp(input)
      .metadata()
      .catch(() => {
        throw new LogoRejected(LOGO_UNREADABLE);
      });
    const { width, height } = header;
    if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE)
      throw new LogoRejected(logoTooManyPixels(width, height));
    const pipeline: Sharp = sharp(input, { limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE })
      .timeout({ seconds: 10 })
      .autoOrient()
      .resize({ width: LOGO_STORED_SIDE, height: LOGO_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const out = type === 'image/jpeg' ? pipeline.jpeg({ quality: 90 }) : pipeline.png();
    const { data, info } = await out.toBuffer({ resolveWithObject: true }).catch(() => {
      throw new LogoRejected(LOGO_UNREADABLE);
    });
    return {
      bytes: data,
      type: type === 'image/jpeg' ? 'image/jpeg' : 'image/png',
      width: info.width,
      height: info.height,
      source: { type, width, height },
    };
  });
}
