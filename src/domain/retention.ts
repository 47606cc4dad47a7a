// How long Your Place keeps what it holds, stated once: the account deletion and the evidence hold read these
// periods, and the privacy page states them (UK GDPR Art. 5(1)(e), storage limitation; Art. 13(2)(a) asks that a
// person is told the period). Pure (no I/O). Decision 0051 says why each period is what it is.

/**
 * A reported conversation, its messages, viewings and listing are kept while a report on it is open and for this
 * many days after the last report on it was closed: long enough for an appeal, a police request or a repeat
 * report about the same person, and no longer.
 */
export const REPORT_EVIDENCE_HOLD_DAYS = 365;

/**
 * Invoices, refunds and payment records are kept this many years after the payment, without the payer's name once
 * their account is deleted: HMRC asks a company to keep its records for 6 years from the end of the accounting
 * period they cover.
 */
export const PAYMENT_RECORDS_YEARS = 6;

/** How a person who deleted their account appears to the people they dealt with. */
export const DELETED_USER_NAME = 'Deleted user';
