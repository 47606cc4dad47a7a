// The reference emails (issue 31 item 4): the request to the previous landlord, who has no account and never asked
// to hear from us, so it says who asks, about whom, for which street (never the house number), that answering is
// optional and who will read the answer; and the notices to both parties once it is answered.
import { BRAND_NAME } from '../../../domain/constants';
import { REFERENCE_SHARED_NOTICE } from '../../../domain/references';
import type { MailMessage } from '../../mail/mailer';
import { compose } from '../accounts/emails';

export interface ReferenceRequestMail {
  to: string;
  refereeName: string;
  applicantName: string;
  askedBy: string;
  street: string;
  link: string;
  /** "11 Dec 2026": the last day the link works. */
  until: string;
}

export function referenceRequestEmail(mail: ReferenceRequestMail, publicUrl: string): MailMessage {
  return compose(
    mail.to,
    'reference_request',
    `Reference request for ${mail.applicantName}`,
    [
      `Hello ${mail.refereeName},`,
      `${mail.applicantName} has applied to rent a home on ${mail.street} through ${BRAND_NAME} and named you as a previous landlord. The landlord of that home, ${mail.askedBy}, asks whether you would give a short reference: when the tenancy ran, whether the rent was paid on time, whether you would let to them again, and any comments.`,
      `${REFERENCE_SHARED_NOTICE} You do not need an account, and the form takes a minute.`,
      `The link works once, until ${mail.until}. If you do not know ${mail.applicantName}, or would rather not answer, ignore this email: nothing else will be sent about it. Questions: ${publicUrl}/contact.`,
    ],
    { href: mail.link, label: 'Give a reference', secret: true },
  );
}

export interface ReferenceAnsweredMail {
  to: string;
  name: string;
  refereeName: string;
  applicantName: string;
  street: string;
  conversationLink: string;
  /** The landlord reads "your request"; the tenant reads about a reference given about them. */
  forTenant: boolean;
}

export function referenceAnsweredEmail(mail: ReferenceAnsweredMail): MailMessage {
  const about = mail.forTenant
    ? `${mail.refereeName} has given the reference a landlord asked for about your application for ${mail.street}.`
    : `${mail.refereeName} has answered your reference request about ${mail.applicantName}'s application for ${mail.street}.`;
  return compose(mail.to, 'reference_answered', `Reference received: ${mail.street}`, [
    `Hello ${mail.name || 'there'},`,
    about,
    `The answer is shown on the application, to the landlord and to the tenant alike. Your conversation about the home: ${mail.conversationLink}`,
  ]);
}
