// Live content (doc 2 "Live Content" tab, §3, §4 "Live content expires automatically", §5 limits): the super admin
// publishes a property or a contractor for 1 to 168 hours. It is live at once, owned by the admin, and every public
// list hides it after liveUntil by comparing with the clock in its query, so no job is needed for it to go.

import {
  ADMIN_MESSAGES,
  LIVE_IMAGE_MAX_BYTES,
  mayDeleteOthersContent,
  type TCreateLiveContentReply,
  type TCreateLiveContentRequest,
  type TLiveContent,
  type TLiveContractorContent,
  type TLivePropertyContent,
} from '../../../../domain/admin';
import { nationOfRegion, refusals, wordingFindings } from '../../../../domain/advert-rules';
import type { TPortfolioPhoto } from '../../../../domain/contractors';
import { londonToday } from '../../../../domain/dates';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/identity';
import { isUuid } from '../../../../domain/ids';
import type { TListingPhoto } from '../../../../domain/listings';
import { isPremium } from '../../../../domain/premium';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import { primaryTown } from '../../../geo/outcodes';
import type { SessionUser } from '../../../plugins/sessions';
import { tellApplicants } from '../../applications/lookups';
import { checkedServiceAreas } from '../../contractors/areas';
import { portfolioRowFromUrl, removePortfolioFiles, uploadPortfolioPhoto } from '../../contractors/photos';
import { insertLiveProfile } from '../../contractors/service';
import { findingErrors, readPostcode } from '../../listings/content';
import { photoRowFromUrl, removeListingPhotoFiles, uploadListingPhoto } from '../../listings/photos';
import { deleteListing, insertLiveListing } from '../../listings/service';
import { tellCalledOff } from '../../viewings/lookups';
import {
  deleteContractorRow,
  findContractorPhotos,
  findPropertyPhotos,
  findRecentUsers,
  findTimedLiveContractors,
  findTimedLiveProperties,
  hasCustomerRecords,
  lockContractorRow,
  lockProperty,
  withdrawContractorRow,
} from './queries';

const HOUR_MS = 60 * 60 * 1000;
const LIVE_LIST_LIMIT = 50;

/** The bytes of an image data URL; 413 "File Too Large" at 5 MB or more, before anything is decoded by sharp. */
export function decodeImageData(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  const base64 = dataUrl.slice(comma + 1).replace(/\s+/g, '');
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  if ((base64.length * 3) / 4 - padding >= LIVE_IMAGE_MAX_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', ADMIN_MESSAGES.fileTooLarge);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw new AppError('VALIDATION_FAILED', ADMIN_MESSAGES.imageData);
  return bytes;
}

export async function getLiveContent(ctx: AppContext): Promise<TLiveContent> {
  const now = ctx.now();
  const [recentUsers, liveProperties, liveContractors] = await Promise.all([
    findRecentUsers(ctx.db, 10),
    findTimedLiveProperties(ctx.db, now, LIVE_LIST_LIMIT),
    findTimedLiveContractors(ctx.db, now, LIVE_LIST_LIMIT),
  ]);
  const [photos, portfolio] = await Promise.all([
    findPropertyPhotos(
      ctx.db,
      liveProperties.map((p) => p.id),
    ),
    findContractorPhotos(
      ctx.db,
      liveContractors.map((c) => c.id),
    ),
  ]);
  return {
    users: recentUsers.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      userType: u.userType,
      isPremium: isPremium(u, now),
      createdAt: u.createdAt.toISOString(),
    })),
    properties: liveProperties.map((p) => {
      const photo = photos.find((i) => i.propertyId === p.id);
      return {
        id: p.id,
        title: p.title,
        address: p.address,
        postcode: p.postcode,
        propertyType: p.propertyType,
        bedrooms: p.bedrooms,
        monthlyRent: p.monthlyRentPence / 100,
        imageUrl: photo ? ctx.mediaUrls.publicUrl(photo.thumbUrl ?? photo.url) : null,
        liveUntil: p.liveUntil!.toISOString(),
        createdAt: p.createdAt.toISOString(),
      };
    }),
    contractors: liveContractors.map((c) => {
      const photo = portfolio.find((i) => i.contractorId === c.id);
      return {
        id: c.id,
        businessName: c.businessName,
        specialty: c.specialty,
        website: c.website,
        imageUrl: ctx.mediaUrls.publicUrl(photo ? (photo.thumbUrl ?? photo.url) : c.profileImageUrl),
        liveUntil: c.liveUntil!.toISOString(),
        createdAt: c.createdAt.toISOString(),
      };
    }),
  };
}

async function publishProperty(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  content: TLivePropertyContent,
  hours: number,
): Promise<{ id: string; liveUntil: Date }> {
  // Checked before any image is processed: a bad postcode costs nothing.
  const { postcode, district } = readPostcode(content.postcode);
  // Straight to live, but not past the law: the wording rules of the home's nation refuse here as in review.
  const nation = nationOfRegion(district.region);
  const refused = refusals(wordingFindings({ ...content, amenities: [] }, nation, londonToday(ctx.now())));
  if (refused.length > 0) throw new AppError('VALIDATION_FAILED', refused[0].message, findingErrors(refused));
  const images = content.images.map(decodeImageData);
  const uploaded: TListingPhoto[] = [];
  for (const bytes of images) uploaded.push(await uploadListingPhoto(ctx, actor.user.id, bytes));
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const liveUntil = new Date(now.getTime() + hours * HOUR_MS);
      const property = await insertLiveListing(
        tx,
        {
          landlordId: actor.user.id,
          title: content.title,
          description: content.description,
          propertyType: content.propertyType,
          bedrooms: content.bedrooms,
          bathrooms: content.bathrooms,
          monthlyRentPence: Math.round(content.monthlyRent * 100),
          address: content.address,
          postcode,
          outcode: district.outcode,
          location: primaryTown(district),
          lat: district.lat,
          lng: district.lng,
          nation,
          status: 'live',
          liveUntil,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        },
        uploaded.map((photo) => ({
          ...photoRowFromUrl(photo.url),
          thumbUrl: photo.thumbUrl,
          width: photo.width,
          height: photo.height,
          alt: content.title,
        })),
      );
      await audit(tx, {
        actor: { id: actor.user.id, email: actor.user.email },
        action: 'live_content.create',
        targetType: 'property',
        targetId: property.id,
        after: {
          title: property.title,
          postcode,
          hours,
          liveUntil: liveUntil.toISOString(),
          images: uploaded.length,
        },
        ip: actor.ip,
        at: now,
      });
      return { id: property.id, liveUntil };
    });
  } catch (err) {
    await removeListingPhotoFiles(
      ctx,
      actor.user.id,
      uploaded.map((p) => p.url),
    );
    throw err;
  }
}

async function publishContractor(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  content: TLiveContractorContent,
  hours: number,
): Promise<{ id: string; liveUntil: Date }> {
  // Checked before any photo is stored: an unknown place is the admin's to correct.
  const serviceAreas = checkedServiceAreas(content.serviceAreas, 'contentData.serviceAreas');
  const images = content.images.map(decodeImageData);
  const uploaded: TPortfolioPhoto[] = [];
  for (const bytes of images) uploaded.push(await uploadPortfolioPhoto(ctx, actor.user.id, bytes));
  try {
    return await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const liveUntil = new Date(now.getTime() + hours * HOUR_MS);
      // No owning account (a contractor account has at most one profile): liveUntil marks it as admin content.
      const contractor = await insertLiveProfile(
        tx,
        {
          userId: null,
          businessName: content.businessName,
          specialty: content.specialty,
          description: content.description,
          website: content.website,
          serviceAreas,
          status: 'live',
          liveUntil,
          createdAt: now,
          updatedAt: now,
        },
        uploaded.map((photo) => ({ ...portfolioRowFromUrl(photo.url), thumbUrl: photo.thumbUrl })),
      );
      await audit(tx, {
        actor: { id: actor.user.id, email: actor.user.email },
        action: 'live_content.create',
        targetType: 'contractor',
        targetId: contractor.id,
        after: {
          businessName: contractor.businessName,
          specialty: contractor.specialty,
          hours,
          liveUntil: liveUntil.toISOString(),
          images: uploaded.length,
        },
        ip: actor.ip,
        at: now,
      });
      return { id: contractor.id, liveUntil };
    });
  } catch (err) {
    await removePortfolioFiles(
      ctx,
      actor.user.id,
      uploaded.map((p) => p.url),
    );
    throw err;
  }
}

/** POST /api/admin/create-live-content. */
export async function createLiveContent(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  input: TCreateLiveContentRequest,
): Promise<TCreateLiveContentReply> {
  const hours = input.publishDuration;
  const created =
    input.contentType === 'property'
      ? await publishProperty(ctx, actor, input.contentData, hours)
      : await publishContractor(ctx, actor, input.contentData, hours);
  return {
    success: true,
    message: `Published for ${hours} hour${hours === 1 ? '' : 's'}.`,
    contentType: input.contentType,
    id: created.id,
    liveUntil: created.liveUntil.toISOString(),
  };
}

/** DELETE /api/admin/property/{id}: any property; waiting submissions on it go too. */
export async function deleteAnyProperty(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  if (!mayDeleteOthersContent(actor.user)) throw new AppError('SUPER_ADMIN_REQUIRED');
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Property not found');
  const { landlordId, removed } = await ctx.db.transaction(async (tx) => {
    const property = await lockProperty(tx, id);
    if (!property) throw new AppError('NOT_FOUND', 'Property not found');
    const photos = await findPropertyPhotos(tx, [id]);
    const removed = await deleteListing(tx, ctx, property);
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'property.delete',
      targetType: 'property',
      targetId: id,
      before: {
        title: property.title,
        landlordId: property.landlordId,
        status: property.status,
        postcode: property.postcode,
        monthlyRentPence: property.monthlyRentPence,
        liveUntil: property.liveUntil ? property.liveUntil.toISOString() : null,
        images: photos.map((p) => p.url),
      },
      ip: actor.ip,
      at: ctx.now(),
    });
    return { landlordId: property.landlordId, removed };
  });
  await tellCalledOff(ctx, removed.calledOff);
  await tellApplicants(ctx, removed.applicants);
  await removeListingPhotoFiles(ctx, landlordId, removed.photoUrls);
  return { success: true as const, message: 'Property deleted.' };
}

/** The uploader of a portfolio photo, from its storage path (portfolio/<userId>/...). */
function portfolioOwnerOf(url: string): string | null {
  return /portfolio\/([0-9a-f-]{36})\//.exec(url)?.[1] ?? null;
}

/** DELETE /api/admin/contractor/{id}: any contractor profile. */
export async function deleteAnyContractor(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  if (!mayDeleteOthersContent(actor.user)) throw new AppError('SUPER_ADMIN_REQUIRED');
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Contractor not found');
  const { urls, kept } = await ctx.db.transaction(async (tx) => {
    const contractor = await lockContractorRow(tx, id);
    if (!contractor) throw new AppError('NOT_FOUND', 'Contractor not found');
    const photos = await findContractorPhotos(tx, [id]);
    // Customers' leads, reviews and quote threads stay readable: such a profile is withdrawn, not deleted.
    const kept = await hasCustomerRecords(tx, id);
    if (kept) await withdrawContractorRow(tx, id, ctx.now());
    else await deleteContractorRow(tx, id);
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'contractor.delete',
      targetType: 'contractor',
      targetId: id,
      before: {
        businessName: contractor.businessName,
        userId: contractor.userId,
        specialty: contractor.specialty,
        status: contractor.status,
        liveUntil: contractor.liveUntil ? contractor.liveUntil.toISOString() : null,
        images: photos.map((p) => p.url),
      },
      ip: actor.ip,
      at: ctx.now(),
    });
    return { urls: photos.map((p) => p.url), kept };
  });
  const byOwner = new Map<string, string[]>();
  for (const url of urls) {
    const owner = portfolioOwnerOf(url);
    if (owner) byOwner.set(owner, [...(byOwner.get(owner) ?? []), url]);
  }
  for (const [owner, ownUrls] of byOwner) await removePortfolioFiles(ctx, owner, ownUrls);
  return {
    success: true as const,
    message: kept
      ? 'Contractor withdrawn: its customers keep their quote requests, reviews and conversations.'
      : 'Contractor deleted.',
  };
}
