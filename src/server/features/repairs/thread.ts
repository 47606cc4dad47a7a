// A repair's one conversation (issue 32 item 3; decision 0072): the tenancy's tenants, its landlord and, from the
// acceptance of its quote on, the trade. Every step of the repair is a system line in it (queries.ts
// insertRepairEvent). A trade invited but not accepted is not in it (404), and the accepted trade reads what was
// said from its acceptance on. Reading marks the thread read for the reader; a new message emails each other party
// at most once per 15 minutes, unless either has blocked the other (the message itself stays: the thread is the
// record of a repair the law requires, which a block does not silence).

import type { Actor } from '../../../domain/identity';
import {
  REPAIR_MESSAGE_EMAIL_WINDOW_MS,
  type TRepairMessage,
  type TRepairSide,
  type TRepairThread,
  ZRepairMessageRequest,
} from '../../../domain/repair-visits';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { parse } from '../../lib/validation';
import type { MailMessage } from '../../mail/mailer';
import type { SessionUser } from '../../plugins/sessions';
import { wantsEmail } from '../accounts/email-preferences';
import { blockedBetween } from '../conversations/lookups';
import { nameOf } from './notices';
import { findPerson, findTenancyTenants, type PartyRow, type RepairDetail } from './queries';
import {
  claimMessageEmail,
  findRepairMessages,
  insertRepairMessage,
  markRepairRead,
  type RepairMessageRow,
} from './thread-queries';
import { repairParty, tellAll } from './visit';
import { repairMessageEmail } from './visit-notices';
import { acceptedAtOf, findTrade, hasAgreedVisit } from './visit-queries';

const THE_TENANT = 'The tenant';

interface Member {
  person: PartyRow;
  side: TRepairSide;
  /** As the reader sees them. */
  name: string;
}

/**
 * The conversation's members as `reader` sees them. The trade sees the tenants unnamed until a visit is agreed
 * (as on the repair page); everyone sees the trade by its business name.
 */
async function membersOf(db: Executor, d: RepairDetail, readerSide: TRepairSide): Promise<Member[]> {
  const r = d.repair;
  const tenantsUnnamed = readerSide === 'trade' && !(await hasAgreedVisit(db, r.id));
  const members: Member[] = (await findTenancyTenants(db, r.tenancyId)).map((p) => ({
    person: p,
    side: 'tenant' as const,
    name: tenantsUnnamed ? THE_TENANT : nameOf(p, THE_TENANT),
  }));
  const landlord = await findPerson(db, d.landlordId);
  if (landlord) members.push({ person: landlord, side: 'landlord', name: nameOf(landlord, 'The landlord') });
  const trade = r.contractorId ? await findTrade(db, r.contractorId) : undefined;
  if (trade?.person) members.push({ person: trade.person, side: 'trade', name: trade.businessName });
  return members;
}

function toMessage(row: RepairMessageRow, readerId: string, members: Member[]): TRepairMessage {
  const member = row.senderId ? members.find((m) => m.person.id === row.senderId) : undefined;
  const system = row.kind === 'system';
  return {
    id: row.id,
    body: row.body,
    at: row.createdAt.toISOString(),
    system,
    fromMe: !!row.senderId && row.senderId === readerId,
    // A sender no longer on the repair (a tenant no longer on the tenancy) is still shown, unnamed.
    sender: system ? null : { name: member?.name ?? 'A former party', side: member?.side ?? 'tenant' },
  };
}

/** GET /api/repairs/{id}/messages: oldest first; reading it marks it read for the reader. */
export async function getRepairThread(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
): Promise<TRepairThread> {
  const me = actor.user.id;
  const { d, side } = await repairParty(ctx, me, repairId);
  const since = side === 'trade' ? await acceptedAtOf(ctx.db, d.repair.acceptedQuoteId) : null;
  const members = await membersOf(ctx.db, d, side);
  const rows = await findRepairMessages(ctx.db, d.repair.id, since);
  await markRepairRead(ctx.db, d.repair.id, me, ctx.now());
  return {
    parties: members.map((m) => ({ name: m.name, side: m.side })),
    messages: rows.map((r) => toMessage(r.message, me, members)),
    canPost: true,
  };
}

/** POST /api/repairs/{id}/messages → 201 the message; the other parties are emailed after the commit. */
export async function postRepairMessage(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  repairId: string,
  input: unknown,
): Promise<TRepairMessage> {
  const me = actor.user.id;
  const { d, side } = await repairParty(ctx, me, repairId);
  const { body } = parse(ZRepairMessageRequest, input);
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await insertRepairMessage(tx, {
      repairId: d.repair.id,
      senderId: me,
      body,
      createdAt: now,
    });
    await markRepairRead(tx, d.repair.id, me, now);
    return inserted;
  });
  const members = await membersOf(ctx.db, d, side);
  try {
    await tellAll(ctx, await messageEmails(ctx, d, me, members));
  } catch (err) {
    ctx.log.warn({ err }, 'could not send the repair message emails');
  }
  return toMessage(row, me, members);
}

/**
 * Each other party who wants email and has not been emailed about this repair in the last 15 minutes, unless a
 * block stands between them and the sender. Each recipient sees the sender as they would on the page.
 */
async function messageEmails(
  ctx: AppContext,
  d: RepairDetail,
  senderId: string,
  members: Member[],
): Promise<MailMessage[]> {
  const sender = members.find((m) => m.person.id === senderId);
  const tenantUnnamed = sender?.side === 'tenant' && !(await hasAgreedVisit(ctx.db, d.repair.id));
  const outbox: MailMessage[] = [];
  for (const { person, side } of members) {
    if (person.id === senderId || person.deletedAt) continue;
    if (await blockedBetween(ctx.db, person.id, senderId)) continue;
    if (!(await wantsEmail(ctx.db, person.id, 'email'))) continue;
    if (!(await claimMessageEmail(ctx.db, d.repair.id, person.id, ctx.now(), REPAIR_MESSAGE_EMAIL_WINDOW_MS)))
      continue;
    const senderName =
      side === 'trade' && tenantUnnamed ? THE_TENANT : (sender?.name ?? 'A party to the repair');
    outbox.push(repairMessageEmail(ctx, d.repair, person, senderName));
  }
  return outbox;
}
