// Stored files that belong to an account: the avatar, and what deletion leaves behind.
import type { AppContext } from '../../context';
import { isMediaKey } from '../../media/storage';
import { MEDIA_PATH } from '../../media/urls';
import { findReferencedMedia } from './queries';

/** The storage key behind a reference or a key we stored; null for anything not in our storage (seed URLs, placeholders). */
export function mediaKeyFor(ref: string): string | null {
  const key = ref.startsWith(MEDIA_PATH) ? ref.slice(MEDIA_PATH.length) : ref;
  if (key === ref && (ref.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(ref))) return null;
  return isMediaKey(key) ? key : null;
}

/** Best effort, after the commit: a file left behind is waste, a row pointing at a deleted file would be a broken image. */
export async function removeUnusedMedia(ctx: AppContext, refs: string[]): Promise<void> {
  if (refs.length === 0) return;
  let stillUsed: Set<string>;
  try {
    stillUsed = await findReferencedMedia(ctx.db, refs);
  } catch (err) {
    ctx.log.warn({ err }, 'could not check media references; files kept');
    return;
  }
  const keys = new Set<string>();
  for (const ref of refs) {
    if (stillUsed.has(ref)) continue;
    const key = mediaKeyFor(ref);
    if (key) keys.add(key);
  }
  for (const key of keys) {
    try {
      await ctx.storage.remove(key);
    } catch (err) {
      ctx.log.warn({ err, key }, 'could not remove media file');
    }
  }
}
