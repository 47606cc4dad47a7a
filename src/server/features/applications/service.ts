// Applications and tenancies (issue 31; docs/decisions/0063-applications-and-tenancies.md). A premium tenant with a
// conversation about a live listing applies with their renter profile (a snapshot the landlord sees, the same fields
// for everyone); the landlord offers the home at the advertised rent or less (the bidding ban) with a lawful deposit,
// or declines with a reason from a fixed list; the tenant withdraws or accepts an offer. Acceptance makes the
// tenancy record and marks the home let agreed through the listing's own let-agreed path, which declines every other
// open application. Each decision is a line in the conversation and an email (notices.ts).
//
// Concurrency: every write on a listing's applications locks the listing's row, then the application's, in that
// order (queries.ts lockListing), so two acceptances, or an offer and a withdrawal, are served one after the other
// and the second sees the first's result.

import { publicStreet } from '../../../domain/addresses';
import type { TNation } from '../../../domain/advert-rules';
import {
  DECLINE_REASON_LABELS,
  DEPOSIT_SCHEME_INFO,
  declineNoteProblems,
  depositSchemeLabel,
  isOpen,
  mayAct,
  offerProblems,
  penceOf,
  poundsOf,
  protectDepositBy,
  readSnapshot,
  schemesFor,
  type TApplicationAction,
  type TApplicationList,
  type TApplicationSide,
  type TApplicationView,
  type TApplyRequest,
  type TDeclineReason,
  type TDeclineRequest,
  APPLICATION_MESSAGES as TEXT,
  type TOfferRequest,
  TRANSITIONS,
  type TRenterProfileSnapshot,
  type TTenancyList,
  type TTenancyPatch,
  type TTenancyView,
  tenancyTodo,
} from '../../../domain/applications';
import { londonToday } from '../../../domain/dates';
import { AppError } from '../../../domain/errors';
import type { Actor } from '../../../domain/identity';
import { isUuid } from '../../../domain/ids';
import { fullName } from '../../../domain/names';
import { assertMayUse } from '../../../domain/plans';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/locks';
import type { MailMessage } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { blockedBetween, enquiryConversationId } from '../conversations/lookups';
import { nationOfHome } from '../conversations/nation';
import { letAgreeForTenancy, tellLetAgreed } from '../listings/lifecycle';
import { isLive, propertyWithLandlord } from '../properties/service';
import { type ApplicationEvent, recordDecision, sendNotices } from './notices';
import {
  type ApplicationDetail,
  type ApplicationRow,
  findApplication,
  findApplicationDetail,
  findApplicationsByTenant,
  findApplicationsForLandlord,
  findApplicationsOfListing,
  findListingOwner,
  findRenterProfile,
  findStandingApplication,
  findTenanciesOf,
  findTenancyDetail,
  findTenantsOf,
  insertApplication,
  insertTenancyWithTenant,
  type LockedListing,
  lockApplication,
  lockListing,
  lockTenancy,
  type RenterProfileRow,
  type TenancyDetail,
  updateApplication,
  updateTenancy,
} from './queries';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const nationOf = (home: { nation: string | null; outcode: string }): TNation =>
  nationOfHome(home.nation, home.outcode) ?? 'england';
const takesApplications = (listing: LockedListing, now: Date) =>
  !listing.deletedAt &&
  listing.status === 'live' &&
  (!listing.liveUntil || listing.liveUntil > now) &&
  !listing.letAgreedAt;

// ---- views ----

function snapshotOf(profile: RenterProfileRow): TRenterProfileSnapshot {
  return readSnapshot({
    introduction: profile.introduction,
    householdSize: profile.householdSize,
    pets: profile.pets,
    petDetails: profile.petDetails,
    moveInFrom: profile.moveInFrom,
    monthlyIncomePence: profile.monthlyIncomePence,
    guarantorAvailable: profile.guarantorAvailable,
    rightToRentShareCode: profile.rightToRentShareCode,
    previousLandlord:
      profile.previousLandlordName && profile.previousLandlordEmail
        ? { name: profile.previousLandlordName, email: profile.previousLandlordEmail }
        : null,
  });
}

function toView(ctx: AppContext, d: ApplicationDetail): TApplicationView {
  const a = d.application;
  const offered =
    a.offeredAt && a.offerStartDate && a.offerRentPence !== null && a.offerDepositPence !== null;
  return {
    id: a.id,
    status: a.status,
    createdAt: a.createdAt.toISOString(),
    message: a.message,
    conversationId: a.conversationId,
    tenancyId: d.tenancyId ?? null,
    property: {
      id: d.property.id,
      title: d.property.title,
      street: publicStreet(d.property.address),
      outcode: d.property.outcode,
      rent: poundsOf(d.property.monthlyRentPence),
      rentPence: d.property.monthlyRentPence,
      coverUrl: ctx.mediaUrls.publicUrl(d.property.coverUrl),
    },
    applicant: { id: a.tenantId, name: fullName(d.tenant.firstName, d.tenant.lastName) || 'A tenant' },
    profile: readSnapshot(a.profile),
    offer: offered
      ? {
          startDate: a.offerStartDate!,
          rent: poundsOf(a.offerRentPence!),
          rentPence: a.offerRentPence!,
          deposit: poundsOf(a.offerDepositPence!),
          depositPence: a.offerDepositPence!,
          offeredAt: a.offeredAt!.toISOString(),
        }
      : null,
    decline:
      a.declinedAt && a.declineReason
        ? {
            reason: a.declineReason as TDeclineReason,
            reasonLabel: DECLINE_REASON_LABELS[a.declineReason as TDeclineReason] ?? a.declineReason,
            note: a.declineNote,
            declinedAt: a.declinedAt.toISOString(),
          }
        : null,
    withdrawnAt: iso(a.withdrawnAt),
    acceptedAt: iso(a.acceptedAt),
  };
}

/** Which side of the application the person is on, or null: anyone else is told it does not exist. */
function sideOf(actor: Actor<SessionUser>, a: ApplicationRow, landlordId: string): TApplicationSide | null {
  if (a.tenantId === actor.user.id) return 'tenant';
  if (landlordId === actor.user.id) return 'landlord';
  return null;
}

async function applicationFor(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  const [detail] = isUuid(id) ? await findApplicationDetail(ctx.db, id) : [];
  const side = detail ? sideOf(actor, detail.application, detail.property.landlordId) : null;
  if (!detail || !side) throw new AppError('NOT_FOUND', TEXT.notFound);
  return { detail, side };
}

// ---- applying ----

/** POST /api/properties/{id}/applications {message?}. */
export async function applyForHome(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
  input: TApplyRequest,
): Promise<{ applicationId: string }> {
  const { user } = actor;
  if (user.userType !== 'tenant') throw new AppError('FORBIDDEN', TEXT.tenantsOnly);
  assertMayUse(actor, 'contactLandlords');
  const found = isUuid(propertyId) ? await propertyWithLandlord(ctx, propertyId) : undefined;
  // A listing nobody but its landlord and admins may see is as unknown as one that does not exist.
  if (!found || found.property.status === 'pending' || found.property.status === 'rejected')
    throw new AppError('NOT_FOUND', TEXT.propertyNotFound);
  const { property } = found;
  const now = ctx.now();
  if (!isLive(property, now) || property.letAgreedAt) throw new AppError('CONFLICT', TEXT.notLive);
  const conversationId = await enquiryConversationId(ctx.db, property.id, user.id);
  if (!conversationId) throw new AppError('FORBIDDEN', TEXT.noConversation);
  if (await blockedBetween(ctx.db, user.id, property.landlordId))
    throw new AppError('FORBIDDEN', TEXT.blocked);
  if (await findStandingApplication(ctx.db, property.id, user.id))
    throw new AppError('CONFLICT', TEXT.alreadyApplied);
  const profile = await findRenterProfile(ctx.db, user.id);
  // Decision 0063: no empty applications. The landlord chooses on the same fields for everyone, so the profile comes
  // first (the page links to it).
  if (!profile) throw new AppError('CONFLICT', TEXT.profileRequired);

  const { application, outbox } = await ctx.db
    .transaction(async (tx) => {
      const listing = await lockListing(tx, property.id);
      // Under the listing's lock: a let agreed or another application of theirs that got here first.
      if (!listing || !takesApplications(listing, now)) throw new AppError('CONFLICT', TEXT.notLive);
      if (await findStandingApplication(tx, property.id, user.id))
        throw new AppError('CONFLICT', TEXT.alreadyApplied);
      const application = await insertApplication(tx, {
        propertyId: property.id,
        tenantId: user.id,
        conversationId,
        message: input.message,
        profile: snapshotOf(profile),
        createdAt: now,
        updatedAt: now,
      });
      return { application, outbox: await recordDecision(tx, ctx, application.id, 'applied') };
    })
    .catch((err) => {
      if (isUniqueViolation(err, 'applications_open_idx'))
        throw new AppError('CONFLICT', TEXT.alreadyApplied);
      throw err;
    });
  await sendNotices(ctx, outbox);
  return { applicationId: application.id };
}

// ---- reading ----

/** GET /api/applications: a tenant's own applications; a landlord's, every application on their listings. */
export async function listApplications(
  ctx: AppContext,
  actor: Actor<SessionUser>,
): Promise<TApplicationList> {
  const rows =
    actor.user.userType === 'landlord'
      ? await findApplicationsForLandlord(ctx.db, actor.user.id)
      : await findApplicationsByTenant(ctx.db, actor.user.id);
  return { applications: rows.map((row) => toView(ctx, row)) };
}

/** GET /api/properties/{id}/applications: the listing's applicants in the order they applied (its landlord only). */
export async function listingApplications(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  propertyId: string,
): Promise<TApplicationList> {
  const listing = isUuid(propertyId) ? await findListingOwner(ctx.db, propertyId) : undefined;
  if (!listing || listing.landlordId !== actor.user.id)
    throw new AppError('NOT_FOUND', TEXT.propertyNotFound);
  const rows = await findApplicationsOfListing(ctx.db, propertyId);
  return { applications: rows.map((row) => toView(ctx, row)) };
}

/** GET /api/applications/{id}: its tenant and the listing's landlord only. */
export async function getApplication(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<TApplicationView> {
  return toView(ctx, (await applicationFor(ctx, actor, id)).detail);
}

// ---- decisions ----

const WRONG_SIDE: Record<TApplicationSide, string> = { landlord: TEXT.landlordOnly, tenant: TEXT.tenantOnly };
const WRONG_STATUS: Record<TApplicationAction, string> = {
  offer: TEXT.offerOnce,
  decline: TEXT.notOpen,
  withdraw: TEXT.notOpen,
  accept: TEXT.acceptOffer,
};
const EVENT: Record<TApplicationAction, ApplicationEvent> = {
  offer: 'offered',
  decline: 'declined',
  withdraw: 'withdrawn',
  accept: 'accepted',
};

interface Step {
  tx: Tx;
  application: ApplicationRow;
  listing: LockedListing;
  now: Date;
}

/**
 * One decision: who may take it (404 for strangers, 403 for the wrong side), then, under the listing's and the
 * application's locks, whether the application's status (as it is now, after any racing decision) allows it.
 * `step` returns the application's new values and may do more in the transaction (accept's tenancy).
 */
async function decide<T>(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  action: TApplicationAction,
  step: (s: Step) => Promise<{
    values: Partial<ApplicationRow>;
    result: T;
    more?: MailMessage[];
    after?: () => Promise<void>;
  }>,
): Promise<T> {
  const found = isUuid(id) ? await findApplication(ctx.db, id) : undefined;
  const owner = found ? await findListingOwner(ctx.db, found.propertyId) : undefined;
  const side = found && owner ? sideOf(actor, found, owner.landlordId) : null;
  if (!found || !side) throw new AppError('NOT_FOUND', TEXT.notFound);
  if (TRANSITIONS[action].by !== side) throw new AppError('FORBIDDEN', WRONG_SIDE[TRANSITIONS[action].by]);
  const now = ctx.now();
  const done = await ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, found.propertyId);
    const application = await lockApplication(tx, id);
    if (!listing || !application) throw new AppError('NOT_FOUND', TEXT.notFound);
    if (!mayAct(action, side, application.status))
      throw new AppError('CONFLICT', isOpen(application.status) ? WRONG_STATUS[action] : TEXT.notOpen);
    const { values, result, more, after } = await step({ tx, application, listing, now });
    await updateApplication(tx, id, { ...values, status: TRANSITIONS[action].to, updatedAt: now });
    const outbox = await recordDecision(tx, ctx, id, EVENT[action]);
    return { result, outbox: [...outbox, ...(more ?? [])], after };
  });
  await sendNotices(ctx, done.outbox);
  if (done.after) await done.after();
  return done.result;
}

/** POST /api/applications/{id}/offer {startDate, deposit, rent?}: the landlord offers the home. */
export async function offerHome(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  input: TOfferRequest,
): Promise<TApplicationView> {
  await decide(ctx, actor, id, 'offer', async ({ listing, now }) => {
    if (!takesApplications(listing, now)) throw new AppError('CONFLICT', TEXT.notLive);
    const rentPence = input.rent === undefined ? listing.monthlyRentPence : penceOf(input.rent);
    const depositPence = penceOf(input.deposit);
    const problems = offerProblems({
      advertisedRentPence: listing.monthlyRentPence,
      rentPence,
      depositPence,
      startDate: input.startDate,
      nation: nationOf(listing),
      today: londonToday(now),
    });
    const fieldErrors = Object.fromEntries(problems.map((p) => [p.field, [p.message]]));
    // The bidding ban is a conflict with the advert itself; the rest are fields to correct.
    const bidding = problems.find((p) => p.kind === 'bidding');
    if (bidding) throw new AppError('CONFLICT', bidding.message, fieldErrors);
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0].message, fieldErrors);
    return {
      values: {
        offerStartDate: input.startDate,
        offerRentPence: rentPence,
        offerDepositPence: depositPence,
        offeredAt: now,
      },
      result: undefined,
    };
  });
  return getApplication(ctx, actor, id);
}

/** POST /api/applications/{id}/decline {reason, note?}. */
export async function declineApplication(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  input: TDeclineRequest,
): Promise<TApplicationView> {
  await decide(ctx, actor, id, 'decline', async ({ listing, now }) => {
    const problems = declineNoteProblems(input.note, nationOf(listing), londonToday(now));
    if (problems.length > 0) throw new AppError('VALIDATION_FAILED', problems[0], { note: problems });
    return {
      values: { declineReason: input.reason, declineNote: input.note, declinedAt: now },
      result: undefined,
    };
  });
  return getApplication(ctx, actor, id);
}

/** POST /api/applications/{id}/withdraw: the tenant's. */
export async function withdrawApplication(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<TApplicationView> {
  await decide(ctx, actor, id, 'withdraw', async ({ now }) => ({
    values: { withdrawnAt: now },
    result: undefined,
  }));
  return getApplication(ctx, actor, id);
}

/**
 * POST /api/applications/{id}/accept: the tenant accepts the offer. In one transaction: the tenancy with its tenant,
 * the listing let agreed through its own path (viewings to come called off, every other open application declined as
 * let to another applicant), and the lines in each conversation; the emails go after the commit.
 */
export async function acceptOffer(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<{ tenancyId: string }> {
  return decide(ctx, actor, id, 'accept', async ({ tx, application, listing, now }) => {
    if (!takesApplications(listing, now)) throw new AppError('CONFLICT', TEXT.notLive);
    const tenancy = await insertTenancyWithTenant(
      tx,
      {
        propertyId: listing.id,
        applicationId: application.id,
        landlordId: listing.landlordId,
        startDate: application.offerStartDate!,
        rentPence: application.offerRentPence!,
        depositPence: application.offerDepositPence!,
        createdAt: now,
        updatedAt: now,
      },
      application.tenantId,
    );
    const letAgreed = await letAgreeForTenancy(tx, ctx, listing.id, application.id);
    return {
      values: { acceptedAt: now },
      result: { tenancyId: tenancy.id },
      after: () => tellLetAgreed(ctx, letAgreed),
    };
  });
}

// ---- tenancies ----

function toTenancyView(
  d: TenancyDetail,
  tenants: Array<{ id: string; firstName: string; lastName: string; email: string }>,
): TTenancyView {
  const t = d.tenancy;
  const nation = nationOf(d.property);
  return {
    id: t.id,
    applicationId: t.applicationId,
    property: {
      id: d.property.id,
      title: d.property.title,
      address: [d.property.address, d.property.postcode].filter(Boolean).join(', '),
      outcode: d.property.outcode,
    },
    nation,
    landlord: {
      id: d.landlord.id,
      name: fullName(d.landlord.firstName, d.landlord.lastName) || 'The landlord',
      email: d.landlord.email,
    },
    tenants: tenants.map((p) => ({
      id: p.id,
      name: fullName(p.firstName, p.lastName) || 'A tenant',
      email: p.email,
    })),
    startDate: t.startDate,
    rent: poundsOf(t.rentPence),
    rentPence: t.rentPence,
    deposit: poundsOf(t.depositPence),
    depositPence: t.depositPence,
    depositReceivedOn: t.depositReceivedOn,
    depositScheme: depositSchemeLabel(t.depositScheme)
      ? (t.depositScheme as TTenancyView['depositScheme'])
      : null,
    depositSchemeLabel: depositSchemeLabel(t.depositScheme),
    depositReference: t.depositReference,
    depositProtectedOn: t.depositProtectedOn,
    protectDepositBy: protectDepositBy(nation, t),
    informationSheetGivenOn: t.informationSheetGivenOn,
    depositSchemes: schemesFor(nation).map((scheme) => ({
      id: scheme,
      label: DEPOSIT_SCHEME_INFO[scheme].label,
    })),
    todo: tenancyTodo(nation, t),
    createdAt: t.createdAt.toISOString(),
  };
}

async function tenancyViews(ctx: AppContext, details: TenancyDetail[]): Promise<TTenancyView[]> {
  const tenants = await findTenantsOf(
    ctx.db,
    details.map((d) => d.tenancy.id),
  );
  return details.map((d) =>
    toTenancyView(
      d,
      tenants.filter((p) => p.tenancyId === d.tenancy.id),
    ),
  );
}

/** The tenancy and which party the person is; 404 for anyone else. */
async function tenancyFor(ctx: AppContext, actor: Actor<SessionUser>, id: string) {
  const [detail] = isUuid(id) ? await findTenancyDetail(ctx.db, id) : [];
  if (!detail) throw new AppError('NOT_FOUND', TEXT.tenancyNotFound);
  const [view] = await tenancyViews(ctx, [detail]);
  const side: TApplicationSide | null =
    detail.tenancy.landlordId === actor.user.id
      ? 'landlord'
      : view.tenants.some((p) => p.id === actor.user.id)
        ? 'tenant'
        : null;
  if (!side) throw new AppError('NOT_FOUND', TEXT.tenancyNotFound);
  return { view, side };
}

/** GET /api/tenancies: the tenancies the person is a party to. */
export async function listTenancies(ctx: AppContext, actor: Actor<SessionUser>): Promise<TTenancyList> {
  return { tenancies: await tenancyViews(ctx, await findTenanciesOf(ctx.db, actor.user.id)) };
}

/** GET /api/tenancies/{id}: its landlord and tenants only. */
export async function getTenancy(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
): Promise<TTenancyView> {
  return (await tenancyFor(ctx, actor, id)).view;
}

/**
 * PATCH /api/tenancies/{id}: the landlord records the deposit's scheme, reference and dates and the information sheet,
 * and may move the start date while it is still to come. Days that record something done cannot be in the future.
 */
export async function updateTenancyRecord(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  patch: TTenancyPatch,
): Promise<TTenancyView> {
  const { view, side } = await tenancyFor(ctx, actor, id);
  if (side !== 'landlord') throw new AppError('FORBIDDEN', TEXT.tenantPatch);
  const today = londonToday(ctx.now());
  const fieldErrors: Record<string, string[]> = {};
  for (const field of ['depositReceivedOn', 'depositProtectedOn', 'informationSheetGivenOn'] as const) {
    const value = patch[field];
    if (value && value > today) fieldErrors[field] = [TEXT.futureDay];
  }
  if (patch.depositScheme && !schemesFor(view.nation).includes(patch.depositScheme))
    fieldErrors.depositScheme = [TEXT.scheme];
  if (patch.startDate !== undefined && patch.startDate < today) fieldErrors.startDate = [TEXT.startPast];
  const [first] = Object.values(fieldErrors);
  if (first) throw new AppError('VALIDATION_FAILED', first[0], fieldErrors);
  await ctx.db.transaction(async (tx) => {
    const current = await lockTenancy(tx, id);
    if (!current) throw new AppError('NOT_FOUND', TEXT.tenancyNotFound);
    // The start date moves only before it arrives (under the lock: the stored date, not the one read before).
    if (patch.startDate !== undefined && patch.startDate !== current.startDate && current.startDate <= today)
      throw new AppError('CONFLICT', TEXT.startArrived, { startDate: [TEXT.startArrived] });
    const values = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    await updateTenancy(tx, id, { ...values, updatedAt: ctx.now() });
  });
  return getTenancy(ctx, actor, id);
}
