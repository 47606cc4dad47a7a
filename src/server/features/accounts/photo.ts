// Profile photo (doc 2 "Profile"): premium only, sniffed and re-encoded by sharp, 200×200 WebP without metadata.

import { PROFILE_PHOTO_SIZE } from '../../../domain/constants';
import { AppError } from '../../../domain/errors';
import type { Actor, Viewer } from '../../../domain/identity';
import { mayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import { randomToken } from '../../lib/crypto';
import { processImage } from '../../media/images';
import { mediaRef } from '../../media/urls';
import type { SessionUser } from '../../plugins/sessions';
import { mediaKeyFor } from './media';
import { swapProfileImage } from './queries';

export const PHOTO_SUBSCRIPTION_REQUIRED = 'Photo uploads require an active subscription';

/** Checked before the upload is read, so a free account never makes the server take in 5 MB. */
export function assertCanUploadPhoto(actor: Viewer) {
  if (!mayUse(actor, 'profilePhoto'))
    throw new AppError('SUBSCRIPTION_REQUIRED', PHOTO_SUBSCRIPTION_REQUIRED).withFeature('profilePhoto');
}

/** Only files under the user's own avatar folder are ever removed through this path. */
function ownAvatarKey(userId: string, url: string | null): string | null {
  const key = url ? mediaKeyFor(url) : null;
  return key?.startsWith(`avatars/${userId}/`) ? key : null;
}

async function removeQuietly(ctx: AppContext, key: string | null) {
  if (!key) return;
  try {
    await ctx.storage.remove(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'could not remove old avatar');
  }
}

/** The new photo's address, as replies give it. */
export async function uploadProfilePhoto(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  readUpload: () => Promise<Buffer>,
): Promise<string> {
  assertCanUploadPhoto(actor);
  const upload = await readUpload();
  const image = await processImage(upload, {
    width: PROFILE_PHOTO_SIZE,
    height: PROFILE_PHOTO_SIZE,
    fit: 'cover',
  });
  const key = `avatars/${actor.user.id}/${randomToken(12)}.webp`;
  await ctx.storage.put(key, image.webp, 'image/webp');
  const url = mediaRef(key);
  let previous: string | null;
  try {
    previous = await swapProfileImage(ctx.db, actor.user.id, url, ctx.now());
  } catch (err) {
    await removeQuietly(ctx, key);
    throw err;
  }
  await removeQuietly(ctx, ownAvatarKey(actor.user.id, previous));
  return ctx.mediaUrls.publicUrl(url);
}

export async function removeProfilePhoto(ctx: AppContext, actor: Actor<SessionUser>): Promise<void> {
  const previous = await swapProfileImage(ctx.db, actor.user.id, null, ctx.now());
  await removeQuietly(ctx, ownAvatarKey(actor.user.id, previous));
}
