// SQL for the retention job: records whose period in src/domain/retention.ts is over.
import { lt } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailChangeRequests, emailOutbox, passwordResetTokens, sessions } from '../db/schema';

/** Sessions that have ended (their sliding expiry passed): the device is signed out, the record has no use. */
export async function deleteEndedSessions(db: Executor, now: Date): Promise<number> {
  return (await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id })).length;
}

/** Reset and set-password links, and new-address confirmations, that can no longer be used. */
export async function deleteExpiredLinks(db: Executor, now: Date): Promise<number> {
  const resets = await db
    .delete(passwordResetTokens)
    .where(lt(passwordResetTokens.expiresAt, now))
    .returning({ id: passwordResetTokens.id });
  const changes = await db
    .delete(emailChangeRequests)
    .where(lt(emailChangeRequests.expiresAt, now))
    .returning({ id: emailChangeRequests.id });
  return resets.length + changes.length;
}

/** Copies of emails older than the period. */
export async function deleteEmailCopiesBefore(db: Executor, before: Date): Promise<number> {
  return (
    await db.delete(emailOutbox).where(lt(emailOutbox.createdAt, before)).returning({ id: emailOutbox.id })
  ).length;
}
