// A reminder job's process stopping between its commit and its sends (decision 0074): the context it runs with,
// and the outbox row such a process leaves behind once it has waited long enough to be taken up by the next run.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/server/context';
import { emailOutbox } from '../../src/server/db/schema';
import { STALE_QUEUED_MINUTES } from '../../src/server/mail/send-all';
import type { TestApp } from './app';

export const STOPPED = 'process killed before sending';

/** The app's context with a mailer that dies before delivering anything a job queued. */
export function stoppedBeforeSending(ctx: AppContext): AppContext {
  return {
    ...ctx,
    mailer: {
      ...ctx.mailer,
      sendQueued: async () => {
        throw new Error(STOPPED);
      },
    },
  };
}

/** Dates a queued message back past STALE_QUEUED_MINUTES, as if its process had stopped that long ago. */
export async function leftQueuedLongAgo(t: TestApp, outboxId: string): Promise<void> {
  await t.db
    .update(emailOutbox)
    .set({ createdAt: new Date(Date.now() - (STALE_QUEUED_MINUTES + 1) * 60_000) })
    .where(eq(emailOutbox.id, outboxId));
}
