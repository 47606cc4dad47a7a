// Deletes what src/domain/retention.ts says is no longer kept (decision 0054): ended sessions, links that can no
// longer be used, and copies of emails past EMAIL_COPY_DAYS. The privacy page states these periods; this job makes
// them true. Runs every hour on every instance; each delete is one statement, so concurrent runs are harmless.
import { EMAIL_COPY_DAYS } from '../../domain/retention';
import type { AppContext } from '../context';
import { deleteEmailCopiesBefore, deleteEndedSessions, deleteExpiredLinks } from './retention-queries';

export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionResult {
  sessions: number;
  links: number;
  emails: number;
}

export async function runRetention(ctx: AppContext): Promise<RetentionResult> {
  const now = ctx.now();
  return {
    sessions: await deleteEndedSessions(ctx.db, now),
    links: await deleteExpiredLinks(ctx.db, now),
    emails: await deleteEmailCopiesBefore(ctx.db, new Date(now.getTime() - EMAIL_COPY_DAYS * DAY_MS)),
  };
}
