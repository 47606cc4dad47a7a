// Image pipeline: sniff the real type from the bytes (never the client's claim), strip metadata, resize, re-encode.
import sharp from 'sharp';
import { AppError } from '../../domain/errors';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'gif', 'webp', 'avif', 'heif']);

export interface ProcessedImage {
  webp: Buffer;
  jpeg: Buffer;
  width: number;
  height: number;
}

export async function sniffImage(input: Buffer): Promise<{ format: string; width: number; height: number }> {
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
