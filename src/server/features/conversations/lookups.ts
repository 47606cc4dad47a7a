// What other features may ask about conversations (a property page, the viewings, a lead's status change). They ask
// here, never conversations' queries; this module depends on nothing but them, so any service may import it without
// a cycle (the conversations service itself imports viewings and properties).
import type { Executor } from '../../db/client';
import {
  type ConversationRow,
  type ConversationView,
  findConversationView,
  findEnquiryConversation,
  findLeadConversation,
  findReplyDelays,
  isBlockedBetween,
} from './queries';

/** A conversation with both sides and its subject, or undefined. */
export function conversationView(db: Executor, id: string): Promise<ConversationView | undefined> {
  return findConversationView(db, id);
}

/** The tenant's conversation about a listing, if they have enquired. */
export function enquiryConversation(
  db: Executor,
  propertyId: string,
  tenantId: string,
): Promise<ConversationRow | undefined> {
  return findEnquiryConversation(db, propertyId, tenantId);
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
