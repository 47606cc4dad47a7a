// Contact submissions (doc 2 /admin/contacts, §4): a searchable list; status unread/read/replied and notes, set freely.

import type {
  TAdminContactSubmission,
  TContactSubmissionsPage,
  TContactUpdateRequest,
} from '../../../../domain/admin';
import type { CONTACT_STATUSES } from '../../../../domain/constants';
import { AppError } from '../../../../domain/errors';
import type { Actor } from '../../../../domain/identity';
import { isUuid } from '../../../../domain/ids';
import type { AppContext } from '../../../context';
import { audit } from '../../../db/audit';
import type { SessionUser } from '../../../plugins/sessions';
import {
  type ContactRow,
  countContactSubmissions,
  findContactSubmissions,
  lockContactSubmission,
  updateContactSubmissionRow,
} from './queries';

export const NOT_FOUND = 'Contact submission not found';

function present(row: ContactRow): TAdminContactSubmission {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status,
    adminNotes: row.adminNotes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listContactSubmissions(
  ctx: AppContext,
  query: { status?: (typeof CONTACT_STATUSES)[number]; q?: string; page: number; limit: number },
): Promise<TContactSubmissionsPage> {
  const filter = { status: query.status, q: query.q };
  const [total, rows] = await Promise.all([
    countContactSubmissions(ctx.db, filter),
    findContactSubmissions(ctx.db, filter, query.limit, (query.page - 1) * query.limit),
  ]);
  return { submissions: rows.map(present), total, page: query.page, limit: query.limit };
}

export async function updateContactSubmission(
  ctx: AppContext,
  actor: Actor<SessionUser>,
  id: string,
  input: TContactUpdateRequest,
): Promise<TAdminContactSubmission> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const before = await lockContactSubmission(tx, id);
    if (!before) throw new AppError('NOT_FOUND', NOT_FOUND);
    const now = ctx.now();
    const changes: Partial<ContactRow> = { updatedAt: now };
    if (input.status !== undefined) changes.status = input.status;
    if (input.adminNotes !== undefined) changes.adminNotes = input.adminNotes || null;
    const after = await updateContactSubmissionRow(tx, id, changes);
    await audit(tx, {
      actor: { id: actor.user.id, email: actor.user.email },
      action: 'contact.update',
      targetType: 'contact_submission',
      targetId: id,
      before: { status: before.status, adminNotes: before.adminNotes },
      after: { status: after.status, adminNotes: after.adminNotes },
      ip: actor.ip,
      at: now,
    });
    return present(after);
  });
}
