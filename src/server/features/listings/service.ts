// Landlords' listings (doc 1 "Landlord dashboard", §4 new property listing, §6 roles): listing and editing need
// a landlord subscription and go through admin review; deleting your own never needs one.

import { mayDeleteOthersContent } from '../../../domain/admin';
import {
  BILLS,
  EPC_EXEMPTION_KINDS,
  NATIONS,
  OCCUPATION_CONTRACTS,
  oneOf,
  PET_POLICIES,
  type TBill,
} from '../../../domain/advert-rules';
import { confirmationDue, letLeavesSearchAt, pausesAt } from '../../../domain/availability';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import { type Actor, isAdmin } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import {
  LISTING_PHOTO_SUBSCRIPTION_MESSAGE,
  LISTING_SUBMITTED_MESSAGE,
  LISTING_SUBSCRIPTION_MESSAGE,
  PENDING_CHANGE_MESSAGE,
  type TContentSubmissionRequest,
  type TLandlordProperty,
  type TListingPhoto,
  type TOwnSubmission,
  type TSubmissionCreated,
  UPLOADED_PHOTOS_ONLY_MESSAGE,
} from '../../../domain/listings';
import { mayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { type ContentSubmissionRow, insertSubmission } from '../../db/submission-queries';
import { assertUploadAllowed, holdOwnUploads } from '../../media/uploads';
import type { MediaUrls } from '../../media/urls';
import type { SessionUser } from '../../plugins/sessions';
import {
  type ApplicationNotices,
  declineOpenApplications,
  openApplicationsOf,
  tellApplicants,
} from '../applications/lookups';
import { propertiesUnderEvidenceHold } from '../conversations/lookups';
import { type CalledOff, callOffViewings, tellCalledOff, upcomingViewingsOf } from '../viewings/lookups';
import { assertListingLawful, fieldError, listingColumns, normaliseContent } from './content';
import { describeOwnPhoto, type PhotoRow, removeListingPhotoFiles, uploadListingPhoto } from './photos';
import {
  deleteImagesOf,
  findImages,
  findLandlordProperties,
  findPendingSubmission,
  findProperty,
  findSubmissionsBy,
  findSubmissionsFor,
  insertAuditEntry,
  insertProperty,
  lockLandlordProperties,
  lockProperty,
  markPropertyDeleted,
  type PropertyImageRow,
  type PropertyRow,
  replaceImages,
} from './queries';

export const PROPERTY_NOT_FOUND = 'Property not found';

const isSubscribedLandlord = (actor: Actor<SessionUser>) => mayUse(actor, 'listHomes');

/** Doc 1 §6: a landlord needs a subscription to add or edit properties. */
export function assertCanList(actor: Actor<SessionUser>) {
  if (!isSubscribedLandlord(actor)) throw new AppError('SUBSCRIPTION_REQUIRED', LISTING_SUBSCRIPTION_MESSAGE);
}

/** Checked before the upload is read, so nobody without a subscription makes the server take in 5 MB. */
export function assertCanUploadPhotos(actor: Actor<SessionUser>) {
  if (!isSubscribedLandlord(actor))
    throw new AppError('SUBSCRIPTION_REQUIRED', LISTING_PHOTO_SUBSCRIPTION_MESSAGE);
}

export async function addListingPhoto(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  readUpload: () => Promise<Buffer>,
): Promise<TListingPhoto> {
  assertCanUploadPhotos(actor);
  await assertUploadAllowed(ctx, actor.user.id);
  const photo = await uploadListingPhoto(ctx, actor.user.id, await readUpload());
  return {
    ...photo,
    url: ctx.mediaUrls.publicUrl(photo.url),
    thumbUrl: ctx.mediaUrls.publicUrl(photo.thumbUrl),
  };
}

// ---- submissions ----

/** The submission's photos as image rows: the property's current photos, or the landlord's own uploads. */
async function photoRowsFor(
  ctx: AppContext,
  userId: string,
  urls: string[],
  current: PropertyImageRow[],
): Promise<PhotoRow[]> {
  const byUrl = new Map(current.map((row) => [row.url, row]));
  const rows: PhotoRow[] = [];
  for (const url of urls) {
    const known = byUrl.get(url);
    const row = known ?? (await describeOwnPhoto(ctx.storage, userId, url));
    if (!row) throw fieldError('contentData.images', UPLOADED_PHOTOS_ONLY_MESSAGE);
    rows.push(row);
  }
  return rows;
}

/** An own property, whatever its state; someone else's answers like a missing one. */
async function ownProperty(ctx: AppContext, actor: Actor<SessionUser>, id: string): Promise<PropertyRow> {
  const property = isUuid(id) ? await findProperty(ctx.db, id) : undefined;
  if (!property || property.landlordId !== actor.user.id) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  return property;
}

/**
 * POST /api/content-submissions. A new listing is created, in one transaction, as a pending property (seen by
 * nobody but its landlord and the admins) with its photos and its submission. An edit is only a submission:
 * the live listing stays as it is until an admin approves (applyPropertyListing).
 */
export async function submitListing(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  input: TContentSubmissionRequest,
): Promise<TSubmissionCreated> {
  assertCanList(actor);
  // Photos as the upload replies gave them (MEDIA_PUBLIC_URL's address, perhaps) are kept as references.
  const content = normaliseContent({
    ...input.contentData,
    images: input.contentData.images.map((url) => ctx.mediaUrls.refOf(url)),
  });
  const userId = actor.user.id;
  const now = ctx.now();
  // The law of the home's nation, today: refusals and unconfirmed warnings are a 400 naming the fields.
  assertListingLawful(content, londonToday(now), input.confirmWording);

  if (input.targetId) {
    const target = await ownProperty(ctx, actor, input.targetId);
    const named = await photoRowsFor(ctx, userId, content.images, await findImages(ctx.db, [target.id]));
    const submission = await ctx.db.transaction(async (tx) => {
      await holdOwnUploads(tx, ctx, userId, 'listings', named);
      // The lock makes "one waiting change per property" hold under two quick clicks.
      if (!(await lockProperty(tx, target.id))) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
      if (await findPendingSubmission(tx, target.id)) throw new AppError('CONFLICT', PENDING_CHANGE_MESSAGE);
      return insertSubmission(tx, {
        userId,
        contentType: 'property_listing',
        contentData: content,
        targetId: target.id,
        createdAt: now,
      });
    });
    return created(submission);
  }

  const photos = await photoRowsFor(ctx, userId, content.images, []);
  const submission = await ctx.db.transaction(async (tx) => {
    await holdOwnUploads(tx, ctx, userId, 'listings', photos);
    const property = await insertProperty(tx, {
      ...listingColumns(content),
      landlordId: userId,
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    });
    await replaceImages(tx, property.id, photos);
    return insertSubmission(tx, {
      userId,
      contentType: 'property_listing',
      contentData: content,
      targetId: property.id,
      createdAt: now,
    });
  });
  return created(submission);
}

function created(submission: ContentSubmissionRow): TSubmissionCreated {
  return {
    id: submission.id,
    submissionStatus: 'pending',
    targetId: submission.targetId!,
    message: LISTING_SUBMITTED_MESSAGE,
  };
}

export async function listOwnSubmissions(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TOwnSubmission[]> {
  const rows = await findSubmissionsBy(ctx.db, actor.user.id);
  return rows.map((row) => {
    const data = (row.contentData ?? {}) as Record<string, unknown>;
    const title =
      typeof data.title === 'string'
        ? data.title
        : typeof data.businessName === 'string'
          ? data.businessName
          : null;
    return {
      id: row.id,
      contentType: row.contentType,
      title,
      targetId: row.targetId,
      submissionStatus: row.submissionStatus,
      adminNotes: row.adminNotes,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
      contentData: ctx.mediaUrls.publicContent(row.contentData),
    };
  });
}

// ---- the landlord's own list and delete ----

/** GET /api/properties/landlord/{landlordId}: the landlord themself or an admin. */
export async function listLandlordProperties(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  landlordId: string,
): Promise<TLandlordProperty[]> {
  if (actor.user.id !== landlordId && !isAdmin(actor.user))
    throw new AppError('FORBIDDEN', 'You can only see your own properties.');
  if (!isUuid(landlordId)) return [];
  const rows = await findLandlordProperties(ctx.db, landlordId);
  const ids = rows.map((p) => p.id);
  const now = ctx.now();
  const [images, submissions, upcoming, applicants] = await Promise.all([
    findImages(ctx.db, ids),
    findSubmissionsFor(ctx.db, ids),
    upcomingViewingsOf(ctx.db, ids, now),
    openApplicationsOf(ctx.db, ids),
  ]);
  const imagesOf = new Map<string, PropertyImageRow[]>();
  for (const image of images)
    imagesOf.set(image.propertyId, [...(imagesOf.get(image.propertyId) ?? []), image]);
  const latest = new Map<string, ContentSubmissionRow>();
  for (const s of submissions) if (s.targetId && !latest.has(s.targetId)) latest.set(s.targetId, s);
  return rows.map((p) => ({
    ...toLandlordProperty(p, imagesOf.get(p.id) ?? [], ctx.mediaUrls, now, latest.get(p.id)),
    upcomingViewings: upcoming.get(p.id) ?? 0,
    openApplications: applicants.get(p.id) ?? 0,
  }));
}

function toLandlordProperty(
  p: PropertyRow,
  images: PropertyImageRow[],
  media: MediaUrls,
  now: Date,
  submission?: ContentSubmissionRow,
): Omit<TLandlordProperty, 'upcomingViewings' | 'openApplications'> {
  const live = p.status === 'live';
  const first = images[0];
  return {
    id: p.id,
    title: p.title,
    description: p.description,
    propertyType: p.propertyType,
    bedrooms: p.bedrooms,
    bathrooms: p.bathrooms,
    area: p.areaSqm,
    monthlyRent: p.monthlyRentPence / 100,
    monthlyRentPence: p.monthlyRentPence,
    deposit: p.depositPence === null ? null : p.depositPence / 100,
    holdingDeposit: p.holdingDepositPence === null ? null : p.holdingDepositPence / 100,
    address: p.address,
    postcode: p.postcode,
    location: p.location,
    availableFrom: p.availableFrom,
    available: p.available,
    amenities: p.amenities,
    epcRating: p.epcRating,
    councilTaxBand: p.councilTaxBand,
    furnished: p.furnished,
    ...lawFieldsOf(p),
    status: p.status,
    letAgreedAt: p.letAgreedAt ? p.letAgreedAt.toISOString() : null,
    confirmedAt: p.confirmedAt ? p.confirmedAt.toISOString() : null,
    pausesAt: live && !p.letAgreedAt && p.confirmedAt ? pausesAt(p.confirmedAt).toISOString() : null,
    confirmationDue: live && !p.letAgreedAt && confirmationDue(p.confirmedAt, now),
    leavesSearchAt: live && p.letAgreedAt ? letLeavesSearchAt(p.letAgreedAt).toISOString() : null,
    rentReducedAt: p.rentReducedAt ? p.rentReducedAt.toISOString() : null,
    images: images.map((i) => media.publicUrl(i.url)),
    imageUrl: first ? media.publicUrl(first.url) : null,
    thumbnailUrl: first ? media.publicUrl(first.thumbUrl ?? first.url) : null,
    createdAt: p.createdAt.toISOString(),
    publishedAt: p.publishedAt ? p.publishedAt.toISOString() : null,
    latestSubmission: submission
      ? {
          submissionId: submission.id,
          submissionStatus: submission.submissionStatus,
          adminNotes: submission.adminNotes,
          reviewedAt: submission.reviewedAt ? submission.reviewedAt.toISOString() : null,
          submittedAt: submission.createdAt.toISOString(),
        }
      : null,
  };
}

/** The listing's fields under the law of its nation, as the edit form reads them. */
function lawFieldsOf(p: PropertyRow) {
  const kind = oneOf(EPC_EXEMPTION_KINDS, p.epcExemptionKind);
  return {
    nation: oneOf(NATIONS, p.nation),
    pets: oneOf(PET_POLICIES, p.pets),
    billsIncluded: p.billsIncluded.filter((b): b is TBill => (BILLS as readonly string[]).includes(b)),
    landlordRegistrationNumber: p.landlordRegistrationNumber,
    epcExemption: kind && p.epcExemptionReference ? { kind, reference: p.epcExemptionReference } : null,
    occupationContract: oneOf(OCCUPATION_CONTRACTS, p.occupationContract),
    lawPausesAt: p.lawPausesAt ? p.lawPausesAt.toISOString() : null,
  };
}

/**
 * DELETE /api/properties/{id}: the owner, subscribed or not (doc 1 §6), or the super admin (the same rule as the
 * admin API's delete); a plain admin gets 403, anyone else 404. The listing is withdrawn for good and kept for
 * its conversations and viewings (decision 0051).
 */
export async function deleteProperty(ctx: AppContext, actor: Actor<SessionUser>, id: string): Promise<void> {
  const property = isUuid(id) ? await findProperty(ctx.db, id) : undefined;
  if (!property || (property.landlordId !== actor.user.id && !isAdmin(actor.user)))
    throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
  if (property.landlordId !== actor.user.id && !mayDeleteOthersContent(actor.user))
    throw new AppError('SUPER_ADMIN_REQUIRED', "Only the super admin can delete another landlord's listing.");
  const { photoUrls, calledOff, applicants } = await ctx.db.transaction(async (tx) => {
    const locked = await lockProperty(tx, id);
    if (!locked) throw new AppError('NOT_FOUND', PROPERTY_NOT_FOUND);
    const removed = await deleteListing(tx, ctx, locked);
    if (locked.landlordId !== actor.user.id) {
      await insertAuditEntry(tx, {
        actorId: actor.user.id,
        actorEmail: actor.user.email,
        action: 'property.delete',
        targetType: 'property',
        targetId: id,
        before: { title: locked.title, landlordId: locked.landlordId, status: locked.status },
        createdAt: ctx.now(),
      });
    }
    return removed;
  });
  await tellCalledOff(ctx, calledOff);
  await tellApplicants(ctx, applicants);
  // Files after the commit: a leftover file is waste; a row pointing at a deleted file would be a broken image.
  await removeListingPhotoFiles(ctx, property.landlordId, photoUrls);
}

/**
 * A listing written straight to live with its photos in order, inside the caller's transaction (the super admin's
 * Live Content); everything a landlord lists goes through review instead.
 */
export async function insertLiveListing(
  tx: Tx,
  values: Parameters<typeof insertProperty>[1],
  photos: Parameters<typeof replaceImages>[2],
): Promise<PropertyRow> {
  const property = await insertProperty(tx, values);
  await replaceImages(tx, property.id, photos);
  return property;
}

/** What deleting listings leaves to do after the commit: photo files to remove, called-off viewings to email. */
export interface DeletedListings {
  photoUrls: string[];
  calledOff: CalledOff;
  /** Its open applications, declined: the emails to the tenants (tellApplicants). */
  applicants: ApplicationNotices;
}

/**
 * Deletes a listing inside the caller's transaction (its owner, the super admin, its landlord's account deletion):
 * withdrawn for good and kept for the threads and viewings about it, its waiting submissions gone, its viewings
 * still to come called off with a line in each thread (decision 0056). Its photos go too, unless a report on one of
 * its conversations holds them as evidence (src/domain/evidence.ts). Returns the photo URLs whose rows went, for
 * removeListingPhotoFiles, and the cancellations, for tellCalledOff, both after the commit.
 */
export async function deleteListing(
  tx: Tx,
  ctx: AppContext,
  property: PropertyRow,
): Promise<DeletedListings> {
  const now = ctx.now();
  await markPropertyDeleted(tx, property.id, now);
  const calledOff = await callOffViewings(tx, ctx, { propertyId: property.id }, 'listingDeleted');
  const applicants = await declineOpenApplications(tx, ctx, property.id, null, 'listingRemoved');
  const held = await propertiesUnderEvidenceHold(tx, [property.id], now);
  if (held.length > 0) return { photoUrls: [], calledOff, applicants };
  const photos = await findImages(tx, [property.id]);
  await deleteImagesOf(tx, property.id);
  return { photoUrls: photos.map((p) => p.url), calledOff, applicants };
}

/** A landlord's account is being deleted: every listing of theirs is deleted as above. */
export async function deleteListingsOf(
  tx: Tx,
  ctx: AppContext,
  landlordId: string,
): Promise<DeletedListings> {
  const all: DeletedListings = { photoUrls: [], calledOff: [], applicants: [] };
  for (const property of await lockLandlordProperties(tx, landlordId)) {
    const deleted = await deleteListing(tx, ctx, property);
    all.photoUrls.push(...deleted.photoUrls);
    all.calledOff.push(...deleted.calledOff);
    all.applicants.push(...deleted.applicants);
  }
  return all;
}
