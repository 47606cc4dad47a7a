// Live Content images (doc 2 §5, §9): read a chosen file as a data URL; refuse non-images and files of 5 MB or more
// ("File Too Large"); scale one longer than about 2M characters to at most 800 px and re-encode as JPEG at 0.8.
import {
  LIVE_IMAGE_COMPRESS_CHARS,
  LIVE_IMAGE_JPEG_QUALITY,
  LIVE_IMAGE_MAX_BYTES,
  LIVE_IMAGE_MAX_SIDE,
} from '../../../../domain/admin';

export class ImageChoiceError extends Error {
  constructor(
    readonly title: string,
    message: string,
  ) {
    super(message);
  }
}

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('not an image'));
    image.src = src;
  });
}

async function compress(dataUrl: string): Promise<string> {
  const image = await loadImage(dataUrl);
  const scale = Math.min(1, LIVE_IMAGE_MAX_SIDE / Math.max(image.naturalWidth, image.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
  const context = canvas.getContext('2d');
  if (!context) return dataUrl;
  context.fillStyle = '#ffffff'; // JPEG has no transparency
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', LIVE_IMAGE_JPEG_QUALITY);
}

export async function imageFileToDataUrl(file: File): Promise<string> {
  if (!file.type.startsWith('image/'))
    throw new ImageChoiceError('Invalid file type', 'Please select an image file (JPG, PNG, GIF).');
  if (file.size >= LIVE_IMAGE_MAX_BYTES)
    throw new ImageChoiceError('File Too Large', `${file.name} is over 5 MB. Please choose a smaller image.`);
  const dataUrl = await readAsDataUrl(file);
  if (dataUrl.length <= LIVE_IMAGE_COMPRESS_CHARS) return dataUrl;
  try {
    return await compress(dataUrl);
  } catch {
    throw new ImageChoiceError('Upload failed', 'Failed to process the image. Please try again.');
  }
}
