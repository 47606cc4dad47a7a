// What other features may ask of repairs: the data export's section and an account deletion's anonymising. Depends
// only on repairs' queries, so the accounts and data-export services import it without a cycle.
import type { Executor, Tx } from '../../db/client';
import { anonymiseRepairsBy, findRepairsForExport } from './queries';
import { findThreadDataOf } from './thread-queries';

/** "Download my data": the repairs the person reported or marked fixed (each with its timeline and photos), and
 * what they wrote in repairs' conversations. */
export async function repairsForExport(db: Executor, userId: string) {
  return [...(await reportedRepairs(db, userId)), ...(await repairConversations(db, userId))];
}

/** What the person wrote in repairs' conversations, and when they last read each (decision 0072). */
async function repairConversations(db: Executor, userId: string) {
  const { messages, reads } = await findThreadDataOf(db, userId);
  const ids = [...new Set([...messages.map((m) => m.repairId), ...reads.map((r) => r.repairId)])];
  return ids.map((repairId) => ({
    role: 'conversation',
    repairId,
    lastRead: reads.find((r) => r.repairId === repairId)?.readAt?.toISOString() ?? null,
    messagesYouWrote: messages
      .filter((m) => m.repairId === repairId)
      .map((m) => ({ body: m.body, at: m.createdAt.toISOString() })),
  }));
}

async function reportedRepairs(db: Executor, userId: string) {
  return (await findRepairsForExport(db, userId)).map(({ repair: r, events, photos }) => ({
    role: r.reportedBy === userId ? 'reporter' : 'landlord',
    id: r.id,
    tenancyId: r.tenancyId,
    title: r.title,
    description: r.description,
    category: r.category,
    urgency: r.urgency,
    accessNotes: r.reportedBy === userId ? r.accessNotes : null,
    status: r.status,
    reportedAt: r.reportedAt.toISOString(),
    dueBy: r.dueBy.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    resolutionNote: r.resolutionNote,
    timeline: events.map((e) => ({
      kind: e.kind,
      at: e.createdAt.toISOString(),
      note: e.note,
      byYou: e.actorId === userId,
    })),
    photos: photos.map((p) => p.url),
  }));
}

/**
 * A tenant deletes their account (decision 0051): the repairs they reported stay for the landlord (the record of
 * their home and its clock), without their access notes; their name goes with the account row's anonymising.
 */
export function anonymiseRepairsOf(tx: Tx, userId: string, now: Date): Promise<void> {
  return anonymiseRepairsBy(tx, userId, now);
}
