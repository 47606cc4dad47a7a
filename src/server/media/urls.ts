// What rows keep for a stored photo, and what browsers are given (decision 0041). A row keeps `/media/<key>`: the
// same whatever the store and wherever photos are served from, so moving to a bucket or a CDN, or changing
// MEDIA_PUBLIC_URL, never rewrites a row. The app always serves /media/<key> itself; with MEDIA_PUBLIC_URL set,
// replies give `MEDIA_PUBLIC_URL/<key>` instead, and take either form back.
import { isMediaKey } from './storage';

export const MEDIA_PATH = '/media/';

/** The reference a row keeps for a stored key. */
export function mediaRef(key: string): string {
  return `${MEDIA_PATH}${key}`;
}

export class MediaUrls {
  /** `publicUrl`: MEDIA_PUBLIC_URL without its trailing slash, or unset. */
  constructor(readonly publicBase?: string) {}

  /** The key behind a reference, or behind a public URL this site gave out; null for anything else. */
  keyOf(url: string): string | null {
    let key: string | null = null;
    if (url.startsWith(MEDIA_PATH)) key = url.slice(MEDIA_PATH.length);
    else if (this.publicBase && url.startsWith(`${this.publicBase}/`))
      key = url.slice(this.publicBase.length + 1);
    return key !== null && isMediaKey(key) ? key : null;
  }

  /** What a reply gives for a stored reference; anything that is not ours (demo photos, other sites) as it is. */
  publicUrl(ref: string): string;
  publicUrl(ref: string | null): string | null;
  publicUrl(ref: string | null): string | null {
    if (ref === null || !this.publicBase || !ref.startsWith(MEDIA_PATH)) return ref;
    const key = ref.slice(MEDIA_PATH.length);
    return isMediaKey(key) ? `${this.publicBase}/${key}` : ref;
  }

  /** A URL a client sent back (as a reply gave it) as the reference a row keeps; anything else as it is. */
  refOf(url: string): string {
    const key = this.keyOf(url);
    return key === null ? url : mediaRef(key);
  }

  /** A submission's content (kept as it was sent, its photos as references) with its photos as replies give them. */
  publicContent<T>(content: T): T {
    const images = (content as { images?: unknown } | null)?.images;
    if (!Array.isArray(images)) return content;
    return {
      ...content,
      images: images.map((image) => (typeof image === 'string' ? this.publicUrl(image) : image)),
    };
  }
}
