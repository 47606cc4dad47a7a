import type { z } from 'zod';
import type { ZContactRequest } from '../../../domain/accounts';
import { BRAND_NAME } from '../../../domain/constants';
import type { AppContext } from '../../context';
import { insertContactSubmission } from './queries';

export async function submitContact(
  ctx: AppContext,
  input: z.infer<typeof ZContactRequest>,
  userId: string | null,
) {
  const submission = await insertContactSubmission(ctx.db, { ...input, userId });
  // A receipt to whatever address the form was given: fixed words only (no name, subject or message from the
  // form), and the mailer limits how many one address receives, so the form cannot send strangers our mail in bulk.
  await ctx.mailer.send({
    to: input.email,
    kind: 'contact_receipt',
    subject: `We received your message to ${BRAND_NAME}`,
    text: `Hello,\n\nThank you for contacting ${BRAND_NAME}. We reply within 24 hours (Monday to Friday 9:00 to 18:00, Saturday 10:00 to 16:00 GMT).\n\nIf you did not write to us, someone else entered this address in our contact form: you can ignore this email.\n\n${BRAND_NAME}`,
  });
  return submission;
}
