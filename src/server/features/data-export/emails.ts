// The notice that a copy of the account's data was downloaded (decision 0054): always sent, whatever the
// notification switches say, because a copy taken with a stolen session is exactly what the owner must hear of.
import { BRAND_NAME } from '../../../domain/constants';
import { DATA_EXPORT_TEXT } from '../../../domain/data-export';
import type { MailMessage } from '../../mail/mailer';
import { compose } from '../accounts/emails';

/** "27 November 2026 at 07:41" in London. */
function londonTime(at: Date): string {
  const day = at.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  });
  const time = at.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/London',
  });
  return `${day} at ${time}`;
}

export function dataExportedEmail(
  user: { email: string; firstName: string },
  taken: { at: Date; device: string; ip: string },
  publicUrl: string,
): MailMessage {
  return compose(user.email, 'data_export', DATA_EXPORT_TEXT.emailSubject, [
    `Hello ${user.firstName},`,
    `You downloaded a copy of your ${BRAND_NAME} data on ${londonTime(taken.at)} (UK time) from ${taken.device} (IP address ${taken.ip}).`,
    `If this wasn't you, change your password now at ${publicUrl}/settings (that signs out every other device) and contact us at ${publicUrl}/contact.`,
  ]);
}
