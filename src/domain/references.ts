// References by email (issue 31 item 4; docs/decisions/0065-references-by-email.md). The landlord of a home asks the
// previous landlord an applicant named for a short reference; the previous landlord (no account) answers once from
// an emailed link that works for 14 days (src/domain/one-time-links.ts). The answer is shown on the application to
// its landlord and to the tenant it is about, and the form says so before anything is typed.
import { z } from 'zod';
import { ZCalendarDay } from './date-schemas';
import { type OneTimeLinkState, oneTimeLinkState } from './one-time-links';

export const RENT_ON_TIME = ['always', 'mostly', 'rarely'] as const;
export type RentOnTime = (typeof RENT_ON_TIME)[number];

/** The answers as the form and the application show them. */
export const RENT_ON_TIME_LABELS: Record<RentOnTime, string> = {
  always: 'Always on time',
  mostly: 'Mostly on time',
  rarely: 'Rarely on time',
};

export const REFERENCE_COMMENTS_MAX = 2000;

/** An application a reference may still be asked for: open, not yet a tenancy. */
export const REFERENCE_OPEN_STATUSES = ['submitted', 'offered'] as const;

export const REFERENCE_MESSAGES = {
  notFound: 'Application not found',
  noPreviousLandlord:
    'This application names no previous landlord, so there is nobody to ask for a reference. The tenant can add one to their renter profile for future applications.',
  closed: 'This application is no longer open, so a reference cannot be asked for it.',
  outstanding: (until: string) =>
    `A reference has already been asked for and its link works until ${until}. You can ask again if it expires unanswered.`,
  answered: 'The previous landlord has already given a reference for this application.',
  /** The referee's link, when the application it was for has been withdrawn or declined since. */
  noLongerNeeded:
    'This reference is no longer needed: the application it was for has closed. Thank you; there is nothing to do.',
  tenancyTo: 'The end of the tenancy must be on or after its start',
  tenancyFromFuture: 'The tenancy must have started by today',
  rentOnTime: 'Please choose how often the rent was paid on time',
  wouldLetAgain: 'Please say whether you would let to them again',
} as const;

/** What the tenant will see, said on the form and in the email before anything is typed (UK GDPR Art. 13/14). */
export const REFERENCE_SHARED_NOTICE =
  'Your answers are shown to the landlord who asked and to the tenant they are about. Giving a reference is optional.';

export type ReferenceStatus = 'requested' | 'answered' | 'expired';

/** A request's status now: answered once used; expired when its link's lifetime passed unanswered. */
export function referenceStatus(
  row: { answeredAt: Date | null; usedAt: Date | null; expiresAt: Date },
  now: Date,
): ReferenceStatus {
  if (row.answeredAt || row.usedAt) return 'answered';
  return row.expiresAt > now ? 'requested' : 'expired';
}

/** What a click on the referee's link reads: the link's own state, then whether the application still wants it. */
export function referenceLinkState(
  row: { usedAt: Date | null; expiresAt: Date; applicationStatus: string } | undefined,
  now: Date,
): OneTimeLinkState | 'closed' {
  const state = oneTimeLinkState(row, now);
  if (state !== 'usable' || !row) return state;
  return (REFERENCE_OPEN_STATUSES as readonly string[]).includes(row.applicationStatus) ? state : 'closed';
}

/** Whether a new request may be sent: none outstanding and none answered (one reference per application). */
export function blockingRequest<R extends { answeredAt: Date | null; usedAt: Date | null; expiresAt: Date }>(
  requests: R[],
  now: Date,
): { request: R; status: Exclude<ReferenceStatus, 'expired'> } | null {
  for (const request of requests) {
    const status = referenceStatus(request, now);
    if (status !== 'expired') return { request, status };
  }
  return null;
}

/** The previous landlord an application's profile snapshot names, or null (an old or partial snapshot). */
const ZSnapshotReferee = z.object({
  previousLandlord: z
    .object({ name: z.string().trim().min(1).max(200), email: z.email().max(254) })
    .nullish(),
});
export function previousLandlordOf(profile: unknown): { name: string; email: string } | null {
  const parsed = ZSnapshotReferee.safeParse(profile);
  return parsed.success ? (parsed.data.previousLandlord ?? null) : null;
}

// ---- requests ----

const ZDay = ZCalendarDay('Dates must be YYYY-MM-DD');

export const ZReferenceAnswer = z
  .strictObject({
    tenancyFrom: ZDay,
    tenancyTo: ZDay.nullish().transform((v) => v ?? null),
    rentOnTime: z.enum(RENT_ON_TIME, { error: REFERENCE_MESSAGES.rentOnTime }),
    wouldLetAgain: z.boolean({ error: REFERENCE_MESSAGES.wouldLetAgain }),
    comments: z
      .string()
      .trim()
      .max(REFERENCE_COMMENTS_MAX, `Comments can be at most ${REFERENCE_COMMENTS_MAX} characters`)
      .nullish()
      .transform((v) => v || null),
  })
  .refine((a) => !a.tenancyTo || a.tenancyTo >= a.tenancyFrom, {
    error: REFERENCE_MESSAGES.tenancyTo,
    path: ['tenancyTo'],
  });
export type TReferenceAnswerRequest = z.output<typeof ZReferenceAnswer>;

// ---- replies ----

export const ZReferenceCreated = z.object({ referenceId: z.uuid() });

export const ZReferenceAnswerView = z.object({
  tenancyFrom: z.string(),
  tenancyTo: z.string().nullable(),
  rentOnTime: z.enum(RENT_ON_TIME),
  wouldLetAgain: z.boolean(),
  comments: z.string().nullable(),
  answeredAt: z.string(),
});

export const ZReferenceView = z
  .object({
    id: z.uuid(),
    refereeName: z.string(),
    status: z.enum(['requested', 'answered', 'expired']),
    requestedAt: z.string(),
    expiresAt: z.string(),
    answer: ZReferenceAnswerView.nullable(),
  })
  .meta({ id: 'Reference' });
export type TReferenceView = z.output<typeof ZReferenceView>;

export const ZApplicationReferences = z.object({ references: z.array(ZReferenceView) });
export type TApplicationReferences = z.output<typeof ZApplicationReferences>;

/** GET /api/references/{token}: what the referee's form shows. */
export const ZReferenceForm = z
  .object({
    refereeName: z.string(),
    applicantName: z.string(),
    askedBy: z.string().describe('The name of the landlord who asked'),
    street: z.string().describe('The street of the home applied for (never the house number)'),
    town: z.string().nullable(),
    outcode: z.string(),
    expiresAt: z.string(),
  })
  .meta({ id: 'ReferenceForm' });
export type TReferenceForm = z.output<typeof ZReferenceForm>;

export const ZReferenceAnswered = z.object({ ok: z.boolean(), message: z.string() });
