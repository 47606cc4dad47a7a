import type { z } from 'zod';
import type { ZContactRequest } from '../../../domain/accounts';
import type { AppContext } from '../../context';
import { contactSubmissions } from '../../db/schema';

export async function submitContact(
  ctx: AppContext,
  input: z.infer<typeof ZContactRequest>,
  userId: string | null,
) {
  const [submission] = await ctx.db
    .insert(contactSubmissions)
    .values({ ...input, userId })
    .returning({ id: contactSubmissions.id });
  await ctx.mailer.send({
    to: input.email,
    kind: 'contact_receipt',
    subject: `We received your message: ${input.subject}`,
    text: `Hello ${input.name},\n\nThank you for contacting Your Place. We reply within 24 hours (Monday to Friday 9:00 to 18:00, Saturday 10:00 to 16:00 GMT).\n\nYour message:\n${input.message}\n\nYour Place`,
  });
  return submission;
}
