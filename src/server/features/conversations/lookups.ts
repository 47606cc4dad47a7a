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
  findHeldPropertyIds,
  findLeadConversation,
  findListingReaders,
  findReplyDelays,
  insertMessage,
  isBlockedBetween,
  isPartyToHeldConversation,
  type ListingReader,
  prepareListingReaderLookup,
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

const readerLookups = new WeakMap<Db, (key: string) => Promise<ListingReader | undefined>>();

/**
 * What a signed-in reader of a listing's page has with it: their enquiry's conversation and whether a viewing was
 * confirmed for them (decision 0058: the full address). One statement for both, shared by the readers who arrive
 * together (lib/coalesce.ts): every member's listing page asks it.
 */
export async function listingReader(db: Db, propertyId: string, userId: string): Promise<ListingReader> {
  let lookup = readerLookups.get(db);
  if (!lookup) {
    const prepared = prepareListingReaderLookup(db);
    lookup = coalesced((keys: string[]) =>
      findListingReaders(
        prepared,
        keys.map((key) => {
          const [starterId, id] = key.split(':');
          return { starterId, propertyId: id };
        }),
      ),
    );
    readerLookups.set(db, lookup);
  }
  return (await lookup(`${userId}:${propertyId}`)) ?? { conversationId: undefined, confirmedViewing: false };
}

/** The id of the tenant's conversation about a listing, if they have enquired (read as `listingReader` reads it). */
export async function enquiryConversationId(
  db: Db,
  propertyId: string,
  tenantId: string,
): Promise<string | undefined> {
  return (await listingReader(db, propertyId, tenantId)).conversationId;
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
