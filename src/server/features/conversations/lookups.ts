// What other features may ask about conversations (a property page, the viewings, a lead's status change). They ask
// here, never conversations' queries; this module depends on nothing but them, so any service may import it without
// a cycle (the conversations service itself imports viewings and properties).
import { evidenceHeldSince } from '../../../domain/evidence';
import type { Db, Executor, Tx } from '../../db/client';
import { coalesced } from '../../lib/coalesce';
import {
  type ConversationRow,
  type ConversationView,
  findConversationView,
  findEnquiryConversationIds,
  findHeldPropertyIds,
  findLeadConversation,
  findReplyDelays,
  insertMessage,
  isBlockedBetween,
  isPartyToHeldConversation,
  prepareEnquiryLookup,
} from './queries';

/**
 * Of these listings, the ones under the evidence hold (decision 0051): a conversation about them has a report
 * open, or closed less than REPORT_EVIDENCE_HOLD_DAYS ago. Nothing they point to may be deleted.
 */
export function propertiesUnderEvidenceHold(
  db: Executor,
  propertyIds: string[],
  now: Date,
): Promise<string[]> {
  return findHeldPropertyIds(db, propertyIds, evidenceHeldSince(now));
}

/** Whether the person takes part in a conversation under the evidence hold: their identity is kept for moderators. */
export function partyToHeldConversation(db: Executor, userId: string, now: Date): Promise<boolean> {
  return isPartyToHeldConversation(db, userId, evidenceHeldSince(now));
}

/** A conversation with both sides and its subject, or undefined. */
export function conversationView(db: Executor, id: string): Promise<ConversationView | undefined> {
  return findConversationView(db, id);
}

const enquiryLookups = new WeakMap<Db, (key: string) => Promise<string | undefined>>();

/**
 * The id of the tenant's conversation about a listing, if they have enquired. The lookups of requests that arrive
 * together share one query (lib/coalesce.ts): a property page under load asks this for every signed-in viewer.
 */
export function enquiryConversationId(
  db: Db,
  propertyId: string,
  tenantId: string,
): Promise<string | undefined> {
  let lookup = enquiryLookups.get(db);
  if (!lookup) {
    const prepared = prepareEnquiryLookup(db);
    lookup = coalesced((keys: string[]) =>
      findEnquiryConversationIds(
        prepared,
        keys.map((key) => {
          const [starterId, id] = key.split(':');
          return { starterId, propertyId: id };
        }),
      ),
    );
    enquiryLookups.set(db, lookup);
  }
  return lookup(`${tenantId}:${propertyId}`);
}

/** The conversation a quote request opened. */
export function leadConversation(db: Executor, leadId: string): Promise<ConversationRow | undefined> {
  return findLeadConversation(db, leadId);
}

/** Whether either person has blocked the other. */
export function blockedBetween(db: Executor, a: string, b: string): Promise<boolean> {
  return isBlockedBetween(db, a, b);
}

/** How long an owner took to answer each recent enquiry (null: not yet), for "Usually replies within". */
export function replyDelays(db: Executor, ownerId: string): Promise<Array<number | null>> {
  return findReplyDelays(db, ownerId);
}

/** A line from Your Place in a conversation ("Marked as won", "Viewing booked for …"), in the caller's transaction. */
export async function postSystemLine(tx: Tx, conversationId: string, body: string, now: Date) {
  await insertMessage(tx, { id: conversationId }, { senderId: null, kind: 'system', body }, now);
}
