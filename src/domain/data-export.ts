// "Download my data" (issue 29 item 4; decision 0054): the copy of everything Your Place holds about a person,
// under UK GDPR Art. 15 (access) and Art. 20 (portability: structured, commonly used, machine-readable). Its limits
// and the words people see; the document's shape is data-export-schema.ts (zod stays out of the pages that only
// need these). Pure (no I/O).
import { BRAND_NAME } from './constants';
import { LIMITS } from './limits';

/**
 * Copies one person may download in a day (counted per account, not per address). Art. 15(3) gives the first copy
 * free and lets further copies be limited; three a day covers a retry and a second device without letting one
 * account turn the export into load on the database.
 */
export const DATA_EXPORTS_PER_DAY = LIMITS.dataExportsPerUser.max;
/** The window DATA_EXPORTS_PER_DAY is counted over. */
export const DATA_EXPORT_WINDOW_MS = LIMITS.dataExportsPerUser.windowMs;

/** The document's format name and version: a reader can tell what it holds before reading it. */
export const DATA_EXPORT_FORMAT = 'your-place-data-export';
export const DATA_EXPORT_VERSION = 1;

export const DATA_EXPORT_TEXT = {
  button: 'Download my data',
  busy: 'Preparing your data…',
  failed: 'We could not prepare your data. Please try again.',
  emailSubject: `You downloaded a copy of your ${BRAND_NAME} data`,
} as const;

/** The 429's message: when the next copy may be taken, in words. */
export function tooManyExportsMessage(retryAfterSeconds: number): string {
  const hours = Math.ceil(retryAfterSeconds / 3600);
  const wait =
    retryAfterSeconds < 3600
      ? `${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minute${retryAfterSeconds <= 60 ? '' : 's'}`
      : `${hours} hour${hours === 1 ? '' : 's'}`;
  return `You can download your data ${DATA_EXPORTS_PER_DAY} times a day. Please try again in ${wait}.`;
}

/** The file's name: the day it was made (London), e.g. your-place-data-2026-11-27.json. */
export function dataExportFilename(londonDay: string): string {
  return `your-place-data-${londonDay}.json`;
}
