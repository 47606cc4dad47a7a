// Every limit on what one person (or one address) can set off, in one table (issue 29). The server reads its numbers
// from here; the README's "Limits" table is made from it (`limitsMarkdown`) and a unit test fails when they differ.
// Every limit answers 429 with a message saying what was limited and a Retry-After header in seconds.
// The numbers sit far above what a real person does (docs/decisions/0052-limits-per-user.md says why each).

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface Limit {
  /** How many in the window. */
  max: number;
  windowMs: number;
  /** What the count is kept against. */
  per: 'IP address' | 'account tried' | 'user' | 'listing' | 'conversation and user' | 'recipient address';
  /** What is counted, as the README says it. */
  what: string;
  /** Where the count lives: the rate limiter (memory, or Redis with REDIS_URL) or rows in the database. */
  counted: 'limiter' | 'database';
}

/** Sign-in, registration, recovery, confirmation and the contact form: RATE_LIMIT_MAX per minute (default). */
export const AUTH_RATE_LIMIT_DEFAULT = 10;

export const LIMITS = {
  authPerIp: {
    max: AUTH_RATE_LIMIT_DEFAULT,
    windowMs: MINUTE_MS,
    per: 'IP address',
    what: 'Sign-in, registration, password and username recovery, email confirmation, contact form (RATE_LIMIT_MAX)',
    counted: 'limiter',
  },
  failedPasswordsPerAccount: {
    max: AUTH_RATE_LIMIT_DEFAULT,
    windowMs: 15 * MINUTE_MS,
    per: 'account tried',
    what: 'Failed password checks on one account, from any IP (RATE_LIMIT_MAX)',
    counted: 'limiter',
  },
  unsolicitedMailPerRecipient: {
    max: 5,
    windowMs: HOUR_MS,
    per: 'recipient address',
    what: 'Mail anyone can make us send to an address (welcome, recovery, contact receipt); over it, none is sent',
    counted: 'database',
  },
  pageViewsPerIp: {
    max: 120,
    windowMs: MINUTE_MS,
    per: 'IP address',
    what: 'Page views counted for statistics',
    counted: 'limiter',
  },
  testCardPaymentsPerUser: {
    max: 20,
    windowMs: 10 * MINUTE_MS,
    per: 'user',
    what: "Payments on the test provider's card form",
    counted: 'limiter',
  },
  photoUploadsPerUser: {
    max: 200,
    windowMs: DAY_MS,
    per: 'user',
    what: 'Photo uploads (listings, portfolios, profile)',
    counted: 'database',
  },
  newConversationsPerUser: {
    max: 20,
    windowMs: DAY_MS,
    per: 'user',
    what: 'New enquiry conversations started',
    counted: 'database',
  },
  messagesPerUser: {
    max: 60,
    windowMs: 10 * MINUTE_MS,
    per: 'user',
    what: "Messages sent in conversations (a repair's included)",
    counted: 'limiter',
  },
  quoteRequestsPerUser: {
    max: 10,
    windowMs: HOUR_MS,
    per: 'user',
    what: 'Quote requests to contractors',
    counted: 'database',
  },
  forumTopicsPerUser: {
    max: 5,
    windowMs: HOUR_MS,
    per: 'user',
    what: 'Forum topics started',
    counted: 'limiter',
  },
  forumMessagesPerUser: {
    max: 30,
    windowMs: 10 * MINUTE_MS,
    per: 'user',
    what: 'Forum messages posted',
    counted: 'limiter',
  },
  viewingBookingsPerUser: {
    max: 20,
    windowMs: HOUR_MS,
    per: 'user',
    what: 'Viewing bookings and moves to another time',
    counted: 'limiter',
  },
  viewingCancellationsPerUser: {
    max: 10,
    windowMs: HOUR_MS,
    per: 'user',
    what: 'Viewing cancellations (either side)',
    counted: 'limiter',
  },
  viewingSlotsPerListing: {
    max: 30,
    windowMs: DAY_MS,
    per: 'listing',
    what: 'Viewing slots created for one listing',
    counted: 'database',
  },
  openViewingSlotsPerListing: {
    max: 60,
    windowMs: 0,
    per: 'listing',
    what: 'Open viewing slots still to come for one listing (at any one time)',
    counted: 'database',
  },
  repairReportsPerUser: {
    max: 20,
    windowMs: DAY_MS,
    per: 'user',
    what: 'Repairs reported (each emails the other side of the tenancy)',
    counted: 'database',
  },
  reportsPerUser: {
    max: 10,
    windowMs: DAY_MS,
    per: 'user',
    what: 'Conversation reports filed',
    counted: 'limiter',
  },
  openReportsPerConversation: {
    max: 1,
    windowMs: 0,
    per: 'conversation and user',
    what: 'Open reports on one conversation (a second answers 409 until ours is closed)',
    counted: 'database',
  },
  dataExportsPerUser: {
    max: 3,
    windowMs: DAY_MS,
    per: 'user',
    what: "Copies of one's own data downloaded (Settings, Download my data)",
    counted: 'limiter',
  },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof LIMITS;

/** Emails about one viewing: the first change is mailed at once, later ones within this window become one email. */
export const VIEWING_EMAIL_WINDOW_MS = 10 * MINUTE_MS;
/**
 * The route walker fails when one request sends one address more emails than this. Per address, not in total: a
 * withdrawn slot rightly tells each tenant booked on it (up to its capacity of 10).
 */
export const EMAILS_PER_REQUEST_MAX = 3;

/** "1 minute", "10 minutes", "1 hour", "24 hours", or "at any time" for a cap on what exists. */
export function windowText(ms: number): string {
  if (ms === 0) return 'at any time';
  if (ms % HOUR_MS === 0) return ms === HOUR_MS ? '1 hour' : `${ms / HOUR_MS} hours`;
  const minutes = Math.round(ms / MINUTE_MS);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Seconds for a Retry-After header: whole, and at least one. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** "in 3 minutes", "in 1 hour", "in 40 seconds": when to try again, as a message says it. */
export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `in ${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hours`;
}

/** Messages people see when a limit is reached, naming when to try again. */
export const LIMIT_MESSAGES = {
  viewingBookings: (seconds: number) =>
    `You have booked or moved viewings ${LIMITS.viewingBookingsPerUser.max} times in the last hour, the most we allow. Please try again ${tryAgainIn(seconds)}.`,
  viewingCancellations: (seconds: number) =>
    `You have cancelled ${LIMITS.viewingCancellationsPerUser.max} viewings in the last hour, the most we allow. Please try again ${tryAgainIn(seconds)}.`,
  viewingSlots: (seconds: number) =>
    `This listing has had ${LIMITS.viewingSlotsPerListing.max} viewing slots added in the last 24 hours, the most we allow. Please try again ${tryAgainIn(seconds)}.`,
  openViewingSlots: (seconds: number) =>
    `This listing already has ${LIMITS.openViewingSlotsPerListing.max} viewing slots to come, the most we allow. Withdraw one you no longer need, or try again ${tryAgainIn(seconds)}.`,
  reports: (seconds: number) =>
    `You have sent ${LIMITS.reportsPerUser.max} reports in the last 24 hours, the most we allow. Please try again ${tryAgainIn(seconds)}, or write to us from the contact page if this is urgent.`,
  reportOpen:
    'You have already reported this conversation and our team has not closed your report yet. You can add to it from the contact page.',
} as const;

/** The README's limits table, one row a limit, in the table's order. */
export function limitsMarkdown(authMax: number = AUTH_RATE_LIMIT_DEFAULT): string {
  const rows = Object.values(LIMITS as Record<string, Limit>).map((limit) => {
    const max = limit.what.includes('RATE_LIMIT_MAX') ? authMax : limit.max;
    const counted =
      limit.counted === 'limiter' ? 'rate limiter (memory, or Redis with REDIS_URL)' : 'database';
    return `| ${limit.what} | ${max} | ${windowText(limit.windowMs)} | ${limit.per} | ${counted} |`;
  });
  return ['| What | At most | In | Counted per | Kept in |', '| --- | --- | --- | --- | --- |', ...rows].join(
    '\n',
  );
}
