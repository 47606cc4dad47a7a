import { addressFor, publicStreet } from '../../../domain/addresses';
// "Download my data" (issue 29 item 4; decision 0054): everything held about the signed-in person, in one JSON
// document, read in one transaction so its sections agree; then an email telling the person a copy was taken.
import { BRAND_NAME } from '../../../domain/constants';
import { DATA_EXPORT_FORMAT, DATA_EXPORT_VERSION, dataExportFilename } from '../../../domain/data-export';
import type { TDataExport } from '../../../domain/data-export-schema';
import { londonToday } from '../../../domain/dates';
import { deviceName } from '../../../domain/devices';
import type { Actor } from '../../../domain/identity';
import { DELETED_USER_NAME } from '../../../domain/retention';
import type { AppContext } from '../../context';
import { audit } from '../../db/audit';
import type { Executor } from '../../db/client';
import type { SessionUser } from '../../plugins/sessions';
import { repairsForExport } from '../repairs/lookups';
import { dataExportedEmail } from './emails';
import * as q from './queries';

export const DATA_EXPORT_AUDIT_ACTION = 'account.data_export';

/** The reasons written into the document itself: a person reading the file learns what is not in it and why. */
const WITHHELD = {
  passwordHash:
    'Your password is kept only as a one-way Argon2 hash. It is not your password and could only help someone guess it, so it is never put in a file.',
  sessionIds:
    'Each signed-in device has a secret session id (a hash of its cookie). It is left out because it could open your account; the devices themselves are listed under sessions.',
  resetTokens:
    'Password reset and set-password links are kept as hashes of their secret until they expire; the secrets are left out, the times are under passwordResets.',
  emailChangeTokens:
    'The links confirming a new sign-in address are kept as hashes; the secrets are left out, the requests are under emailChanges.',
};

const NOT_INCLUDED = {
  reportsAboutYou: {
    what: 'Reports other people made about conversations you are in (whether there are any)',
    why: 'A report identifies the person who made it and is evidence in an investigation of possible fraud or harassment. UK GDPR Art. 15(4) and the Data Protection Act 2018 Sch. 2 para. 16 (information about another person) and para. 2 (prevention and detection of crime) allow us to withhold it. Reports you made are under reportsFiled.',
  },
  otherPeople: {
    what: "The other person's details in your conversations, leads, viewings, applications and tenancies",
    why: 'You get their name as it was shown to you and every message as it was sent to you, because you already received them. Their email address, phone number and other account details are their personal data, not yours (UK GDPR Art. 15(4); Data Protection Act 2018 Sch. 2 para. 16).',
  },
  staff: {
    what: 'Which member of staff reviewed your listings, checked your trade documents or acted on your account',
    why: 'Each action and its time are included; the name of the member of staff is their personal data (Data Protection Act 2018 Sch. 2 para. 16). Ask us if you need to know who decided something about you.',
  },
  logs: {
    what: 'Server logs',
    why: 'Each request is logged (its method, path, status, time and IP address) for security and is deleted after 30 days. Logs are not linked to your account, so they cannot be searched for you; your signed-in devices and their IP addresses are under sessions.',
  },
};

/** A stored photo reference as a full link the file can be opened with, anywhere. */
function photoLink(ctx: AppContext, ref: string | null): string | null {
  const url = ctx.mediaUrls.publicUrl(ref);
  return url?.startsWith('/') ? `${ctx.config.publicUrl}${url}` : url;
}

function groupBy<T, K extends keyof T>(rows: T[], key: K): Map<T[K], Array<Omit<T, K>>> {
  const groups = new Map<T[K], Array<Omit<T, K>>>();
  for (const row of rows) {
    const { [key]: value, ...rest } = row;
    const list = groups.get(value) ?? [];
    list.push(rest);
    groups.set(value, list);
  }
  return groups;
}

async function listingsOf(ctx: AppContext, db: Executor, userId: string) {
  const listings = await q.listListings(db, userId);
  const ids = listings.map((l) => l.id);
  const photos = groupBy(await q.listListingPhotos(db, ids), 'propertyId');
  const rentChanges = groupBy(await q.listRentChanges(db, ids), 'propertyId');
  const slots = groupBy(await q.listViewingSlots(db, ids), 'propertyId');
  return listings.map((listing) => ({
    ...listing,
    coverUrl: photoLink(ctx, listing.coverUrl),
    link: `${ctx.config.publicUrl}/properties/${listing.id}`,
    photos: (photos.get(listing.id) ?? []).map((p) => ({
      ...p,
      url: photoLink(ctx, p.url),
      thumbUrl: photoLink(ctx, p.thumbUrl),
    })),
    rentChanges: rentChanges.get(listing.id) ?? [],
    viewingTimes: slots.get(listing.id) ?? [],
  }));
}

async function contractorProfileOf(ctx: AppContext, db: Executor, userId: string) {
  const profile = await q.findContractorProfile(db, userId);
  if (!profile) return null;
  const images = await q.listContractorImages(db, profile.id);
  return {
    ...profile,
    profileImageUrl: photoLink(ctx, profile.profileImageUrl),
    link: `${ctx.config.publicUrl}/contractors/${profile.id}`,
    images: images.map((i) => ({ ...i, url: photoLink(ctx, i.url), thumbUrl: photoLink(ctx, i.thumbUrl) })),
    tradeChecks: await q.listTradeChecks(db, profile.id),
    reviewsReceived: await q.listReviewsReceived(db, profile.id),
    quoteRequestsReceived: await q.listLeadsReceived(db, profile.id),
    repairQuotesGiven: await q.listRepairQuotesGiven(db, profile.id),
  };
}

/** Each conversation with its messages, each message marked as the person's own, the other party's or the site's. */
async function conversationsOf(db: Executor, userId: string) {
  const threads = await q.listConversations(db, userId);
  const threadIds = threads.map((c) => c.id);
  const byThread = groupBy(await q.listMessages(db, threadIds), 'conversationId');
  return threads.map((thread) => ({
    ...thread,
    messages: (byThread.get(thread.id) ?? []).map(({ senderId, ...message }) => ({
      from:
        message.kind === 'system'
          ? BRAND_NAME
          : senderId === userId
            ? 'you'
            : senderId === null
              ? DELETED_USER_NAME
              : thread.otherPartyName,
      ...message,
    })),
  }));
}

async function subscriptionsOf(db: Executor, userId: string) {
  const plans = await q.listSubscriptions(db, userId);
  const planIds = plans.map((p) => p.id);
  const reminders = groupBy(await q.listPlanReminders(db, planIds), 'subscriptionId');
  return plans.map((plan) => ({ ...plan, reminders: reminders.get(plan.id) ?? [] }));
}

function streetOnly(home: { address: string; postcode: string; outcode: string }) {
  const { address, postcode } = addressFor(home, 'street');
  return { address, postcode };
}

/** The whole document for one person, read in one transaction (a consistent snapshot of their data). */
export async function buildDataExport(ctx: AppContext, userId: string): Promise<TDataExport> {
  return ctx.db.transaction(async (db) => {
    const account = await q.findAccount(db, userId);
    const sessions = await q.listSessions(db, userId);
    const passwordResets = await q.listPasswordResets(db, userId);
    const emailChanges = await q.listEmailChanges(db, userId);
    const interactions = await q.listInteractions(db, userId);
    const emailsSent = await q.listEmailsSent(db, account.email);
    const blockedBy = await q.countBlockedBy(db, userId);
    const homes = (type: 'save' | 'view') =>
      interactions
        .filter((i) => i.type === type)
        .map(({ type: _type, outcode, ...home }) => ({
          ...home,
          // Someone else's home: the street and district, as the listing shows them (decision 0058).
          ...streetOnly({ ...home, outcode }),
          link: `${ctx.config.publicUrl}/properties/${home.propertyId}`,
        }));

    const { hasPassword, ...profile } = account;
    return {
      format: DATA_EXPORT_FORMAT,
      version: DATA_EXPORT_VERSION,
      generatedAt: ctx.now().toISOString(),
      about: {
        controller: BRAND_NAME,
        rights:
          'This is your copy of the personal data we hold about you (UK GDPR Art. 15, right of access), in a structured, machine-readable format you may reuse elsewhere (Art. 20, data portability). Times are UTC (ISO 8601); money is in pence.',
        privacyPolicy: `${ctx.config.publicUrl}/privacy-policy`,
      },
      account: { ...profile, profileImageUrl: photoLink(ctx, profile.profileImageUrl) },
      withheldForSecurity: [
        { what: 'Password hash', held: hasPassword ? 1 : 0, why: WITHHELD.passwordHash },
        { what: 'Session ids', held: sessions.length, why: WITHHELD.sessionIds },
        { what: 'Password reset link hashes', held: passwordResets.length, why: WITHHELD.resetTokens },
        {
          what: 'Email confirmation link hashes',
          held: emailChanges.length,
          why: WITHHELD.emailChangeTokens,
        },
      ],
      notIncluded: [
        NOT_INCLUDED.reportsAboutYou,
        NOT_INCLUDED.otherPeople,
        {
          what: 'Who blocked you',
          why: `${blockedBy} ${blockedBy === 1 ? 'person has' : 'people have'} blocked you. Who they are is their decision and their personal data (Data Protection Act 2018 Sch. 2 para. 16). People you blocked are under blocks.`,
        },
        NOT_INCLUDED.staff,
        NOT_INCLUDED.logs,
      ],
      notificationSettings: await q.findSettings(db, userId),
      sessions: sessions.map((s) => ({ device: deviceName(s.userAgent), ...s })),
      passwordResets,
      emailChanges,
      uploads: (await q.listUploads(db, userId)).map((u) => ({ ...u, url: photoLink(ctx, u.url) })),
      savedHomes: homes('save'),
      viewedHomes: homes('view'),
      savedSearches: await q.listSavedSearches(db, userId),
      alertDeliveries: await q.listAlertDeliveries(db, userId),
      listings: await listingsOf(ctx, db, userId),
      submissions: (await q.listSubmissions(db, userId)).map((s) => ({
        ...s,
        contentData: ctx.mediaUrls.publicContent(s.contentData),
      })),
      renterProfile: await q.findRenterProfile(db, userId),
      contractorProfile: await contractorProfileOf(ctx, db, userId),
      reviewsWritten: await q.listReviewsWritten(db, userId),
      quoteRequestsSent: await q.listLeadsSent(db, userId),
      compliance: [
        ...(await q.listComplianceRecordsBy(db, userId)).map((r) => ({ type: 'record', ...r })),
        ...(await q.listComplianceRemindersFor(db, userId)).map((r) => ({ type: 'reminder', ...r })),
      ],
      conversations: await conversationsOf(db, userId),
      blocks: await q.listBlocks(db, userId),
      // The full address only where the viewing was confirmed, as the listing shows it (decision 0058).
      viewings: (await q.listViewings(db, userId)).map(({ outcode, postcode, ...viewing }) => {
        const shown = addressFor(
          { address: viewing.address, postcode, outcode },
          viewing.status === 'confirmed' ? 'full' : 'street',
        );
        return { ...viewing, address: [shown.address, shown.postcode].filter(Boolean).join(', ') };
      }),
      // Someone else's home: the street and district, as the application showed it (decision 0058).
      applications: [
        ...(await q.listApplicationsMade(db, userId)).map(({ address, ...made }) => ({
          role: 'applicant',
          ...made,
          street: publicStreet(address),
        })),
        ...(await q.listApplicationDecisions(db, userId)).map((decided) => ({
          role: 'landlord',
          ...decided,
        })),
      ],
      tenancies: await q.listTenancies(db, userId),
      // The home by its street and district, as the referee was told of it (decision 0065).
      references: (await q.listReferences(db, userId)).map(
        ({ address, postcode, outcode, ...reference }) => ({
          ...reference,
          ...streetOnly({ address, postcode, outcode }),
        }),
      ),
      repairs: await repairsForExport(db, userId),
      reportsFiled: await q.listReportsFiled(db, userId),
      forumTopics: await q.listForumTopics(db, userId),
      forumPosts: await q.listForumPosts(db, userId),
      contactMessages: await q.listContactMessages(db, userId),
      subscriptions: await subscriptionsOf(db, userId),
      invoices: await q.listInvoices(db, userId),
      refunds: await q.listRefunds(db, userId),
      pageViews: await q.listPageViews(db, userId),
      auditLog: await q.listAuditEntries(db, userId, account.email),
      emailsSent,
    };
  });
}

export interface DataExportFile {
  filename: string;
  document: TDataExport;
}

/**
 * GET /api/account/export: the document, an audit entry that a copy was taken (so the next copy lists it), and an
 * email to the account's address, so a copy taken by someone else with a stolen session does not go unnoticed.
 */
export async function exportAccountData(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  userAgent: string | undefined,
): Promise<DataExportFile> {
  const now = ctx.now();
  await audit(ctx.db, {
    actor: { id: actor.user.id, email: actor.user.email },
    action: DATA_EXPORT_AUDIT_ACTION,
    targetType: 'user',
    targetId: actor.user.id,
    ip: actor.ip,
    at: now,
  });
  const document = await buildDataExport(ctx, actor.user.id);
  await ctx.mailer.send(
    dataExportedEmail(
      actor.user,
      { at: now, device: deviceName(userAgent), ip: actor.ip },
      ctx.config.publicUrl,
    ),
  );
  return { filename: dataExportFilename(londonToday(now)), document };
}
