// The contact form's SQL: a message for the team, kept for the admins (GET /api/admin/contact-submissions).
import type { InferInsertModel } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactSubmissions } from '../../db/schema';

export async function insertContactSubmission(
  db: Db,
  submission: InferInsertModel<typeof contactSubmissions>,
): Promise<{ id: string }> {
  const [row] = await db
    .insert(contactSubmissions)
    .values(submission)
    .returning({ id: contactSubmissions.id });
  return row;
}
