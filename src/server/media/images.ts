// Image pipeline: sniff the real type from the bytes (never the client's claim), strip metadata, resize, re-encode.
import type Sharp from 'sharp';
import { AppError } from '../../domain/errors';

let sharpModule: Promise<typeof Sharp> | null = null;
/**
 * sharp (libvips), loaded with the first picture rather than at start-up: about 19 MB of memory a server holds only
 * once someone uploads or checks a photo (issue 15 item 6).
 */
export function loadSharp(): Promise<typeof Sharp> {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
}

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'heif']);

export interface ProcessedImage {
  webp: Buffer;
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function sniffImage(input: Buffer): Promise<{ format: string; width: number; height: number }> {
  const sharp = await loadSharp();
  try {
    const meta = await sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 }).metadata();
    if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height)
      throw new Error('unsupported');
    return { format: meta.format, width: meta.width, height: meta.height };
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Please select an image file (JPG, PNG, GIF).');
  }
}

/** Fit inside width×height (cover crops to fill, inside keeps the whole picture); EXIF and other metadata are dropped. */
export async function processImage(
  input: Buffer,
  opts: { width: number; height: number; fit: 'cover' | 'inside'; quality?: number },
): Promise<ProcessedImage> {
  await sniffImage(input);
  const sharp = await loadSharp();
  const base = sharp(input, { failOn: 'error', limitInputPixels: 40_000_000 })
    .rotate() // apply EXIF orientation before the metadata goes
    .resize({ width: opts.width, height: opts.height, fit: opts.fit, withoutEnlargement: true });
  const quality = opts.quality ?? 80;
  const [webp, jpeg] = await Promise.all([
    base.clone().webp({ quality }).toBuffer({ resolveWithObject: true }),
    base.clone().flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer(),
  ]);
  return { webp: webp.data, jpeg, width: webp.info.width, height: webp.info.height };
}
