// Rows become the card, detail, review, lead and profile shapes of src/domain/contractors.ts here and nowhere else.
import type {
  TContractorCard,
  TContractorProfileContent,
  TLead,
  TProfileSubmission,
  TPublicTradeCheck,
  TReview,
  TTradeCheck,
} from '../../../domain/contractors';
import { fullName } from '../../../domain/names';
import { isCheckActive } from '../../../domain/trade-claims';
import type { ContentSubmissionRow } from '../../db/submission-queries';
import type { MediaUrls } from '../../media/urls';
import type {
  ContractorImageRow,
  ContractorRow,
  DirectoryRow,
  LeadWithRequester,
  ReviewRow,
  TradeCheckRow,
  TradeCheckWithAdmins,
} from './queries';

/** A card shows three lines of description; ~300 characters is plenty and keeps the page small. */
export const CARD_EXCERPT_CHARS = 300;

/** Text cut to at most `max` characters at a word boundary, with an ellipsis when anything was cut. */
export function excerpt(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

/** The stored average (0 while there are no reviews) as the API says it: null until someone has reviewed. */
export function ratingOf(row: { rating: number | null; reviewCount: number }): number | null {
  if (row.reviewCount === 0 || row.rating === null) return null;
  return Math.round(row.rating * 100) / 100;
}

/** A card; `verified` is read from the profile's checks (a directory row carries it, a profile row is told). */
export function toContractorCard(
  row: DirectoryRow | ContractorRow,
  media: MediaUrls,
  verified = 'verified' in row ? row.verified : false,
): TContractorCard {
  return {
    id: row.id,
    businessName: row.businessName,
    firstName: row.firstName,
    lastName: row.lastName,
    specialty: row.specialty,
    description: excerpt(row.description ?? '', CARD_EXCERPT_CHARS),
    serviceArea: row.serviceAreas[0] ?? null,
    serviceAreas: row.serviceAreas,
    services: row.services,
    rating: ratingOf(row),
    reviewCount: row.reviewCount,
    verifiedReviewCount: row.verifiedReviewCount,
    verified,
    emergencyCallouts: row.emergencyCallouts,
    website: row.website,
    profileImage: media.publicUrl(row.profileImageUrl),
  };
}

export function toReview(row: ReviewRow, viewerId: string | null): TReview {
  return {
    id: row.id,
    rating: row.rating,
    customerName: row.customerName,
    date: row.createdAt.toISOString(),
    comment: row.comment,
    own: !!viewerId && row.authorId === viewerId,
    quoteRequestedAt: row.quoteRequestedAt ? row.quoteRequestedAt.toISOString() : null,
    verified: row.verified,
    // Only a verified review names its job (decision 0073): month and category, nothing that places a home.
    job:
      row.verified && row.jobMonth && row.jobCategory
        ? {
            kind: row.repairId ? 'repair' : 'quote_request',
            month: row.jobMonth.slice(0, 7),
            category: row.jobCategory,
          }
        : null,
    reply: row.reply && row.repliedAt ? { body: row.reply, at: row.repliedAt.toISOString() } : null,
  };
}

export function toPublicTradeCheck(row: TradeCheckRow): TPublicTradeCheck {
  return {
    kind: row.kind,
    provider: row.provider,
    registrationNumber: row.registrationNumber,
    checkedAt: row.checkedAt.toISOString(),
    expiresOn: row.expiresOn,
  };
}

export function toTradeCheck(row: TradeCheckWithAdmins, today: string): TTradeCheck {
  const check = row.check;
  return {
    ...toPublicTradeCheck(check),
    id: check.id,
    checkedBy: row.checkedByEmail,
    revokedAt: check.revokedAt ? check.revokedAt.toISOString() : null,
    revokedBy: row.revokedByEmail,
    active: isCheckActive(
      { expiresOn: check.expiresOn, revokedAt: check.revokedAt?.toISOString() ?? null },
      today,
    ),
  };
}

export function toLead(row: LeadWithRequester): TLead {
  const lead = row.lead;
  const requesterName = fullName(row.requesterFirstName, row.requesterLastName);
  return {
    id: lead.id,
    jobTitle: lead.jobTitle,
    description: lead.description,
    location: lead.location,
    contactEmail: lead.contactEmail,
    contactPhone: lead.contactPhone,
    preferredDate: lead.preferredDate,
    status: lead.status,
    requesterName: requesterName || null,
    conversationId: row.conversationId ?? null,
    repairId: lead.repairId,
    completedAt: lead.completedAt ? lead.completedAt.toISOString() : null,
    canComplete: !lead.repairId && !lead.completedAt,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
  };
}

export function toSubmission(row: ContentSubmissionRow | undefined): TProfileSubmission | null {
  if (!row) return null;
  return {
    id: row.id,
    submissionStatus: row.submissionStatus,
    adminNotes: row.adminNotes,
    submittedAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}

/** The live record in the shape of the profile form, its photos as replies give them. */
export function profileContentOf(
  row: ContractorRow,
  images: ContractorImageRow[],
  media: MediaUrls,
): TContractorProfileContent {
  return {
    businessName: row.businessName,
    specialty: row.specialty as TContractorProfileContent['specialty'],
    services: row.services,
    serviceAreas: row.serviceAreas as TContractorProfileContent['serviceAreas'],
    description: row.description ?? '',
    phone: row.phone,
    email: row.email,
    website: row.website,
    emergencyCallouts: row.emergencyCallouts,
    experienceYears: row.experienceYears,
    images: images.map((image) => media.publicUrl(image.url)),
  };
}
