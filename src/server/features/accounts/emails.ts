// The account emails: plain text first (every client reads it), with a simple HTML twin (`compose`, shared with
// the data export's notice).
// Mail that a stranger can have sent to any address (sign-up, recovery) carries no text the requester chose: no
// name at the top, nothing from the form, so the site cannot be used to put someone's words in another's inbox.

import { BRAND_NAME, PLANS } from '../../../domain/constants';
import { ACCOUNT_DELETION_TERMS } from '../../../domain/evidence';
import { planBenefits } from '../../../domain/plans';
import type { MailMessage } from '../../mail/mailer';
import { escapeHtml } from '../../mail/mailer';

interface Person {
  email: string;
  firstName: string;
}

export function compose(
  to: string,
  kind: string,
  subject: string,
  paragraphs: string[],
  link?: { href: string; label: string; secret?: boolean },
): MailMessage {
  const lines = [...paragraphs];
  if (link) lines.splice(2, 0, `${link.label}: ${link.href}`);
  const text = `${lines.join('\n\n')}\n\n${BRAND_NAME}`;
  const htmlParagraphs = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link)
    htmlParagraphs.splice(2, 0, `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`);
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:system-ui,sans-serif;line-height:1.5">${htmlParagraphs.join('')}<p>${BRAND_NAME}</p></body></html>`;
  return { to, kind, subject, text, html, ...(link?.secret ? { secret: link.href } : {}) };
}

export function welcomeEmail(
  user: Person & { userType: keyof typeof PLANS | null },
  publicUrl: string,
): MailMessage {
  const plan = user.userType ? PLANS[user.userType] : null;
  return compose(
    user.email,
    'welcome',
    `Welcome to ${BRAND_NAME}`,
    [
      'Hello,',
      `Your ${BRAND_NAME} account is ready. You sign in with this email address.`,
      ...(plan
        ? [
            `${plan.name} adds: ${planBenefits(user.userType!).join('; ').toLowerCase()}. You can subscribe at any time from ${publicUrl}/subscribe.`,
          ]
        : []),
    ],
    { href: `${publicUrl}/dashboard`, label: 'Go to your dashboard' },
  );
}

export function setPasswordEmail(user: Person, link: string, publicUrl: string): MailMessage {
  return compose(
    user.email,
    'set_password',
    `Welcome to ${BRAND_NAME}: set your password`,
    [
      'Hello,',
      'Your account is ready. Choose a password so you can sign in again later.',
      `This link works once and for 1 hour. If it has expired, request another at ${publicUrl}/forgot-password.`,
    ],
    { href: link, label: 'Set your password', secret: true },
  );
}

export function passwordResetEmail(user: Person, link: string, publicUrl: string): MailMessage {
  return compose(
    user.email,
    'password_reset',
    `Reset your ${BRAND_NAME} password`,
    [
      'Hello,',
      `Someone asked to reset the password of your ${BRAND_NAME} account. If it was you, use the link below.`,
      `This link works once and for 1 hour. If it has expired, request another at ${publicUrl}/forgot-password.`,
      'If you did not ask for this, ignore this email: your password stays the same.',
    ],
    { href: link, label: 'Reset your password', secret: true },
  );
}

export function usernameReminderEmail(user: Person, publicUrl: string): MailMessage {
  return compose(
    user.email,
    'forgot_username',
    `Your ${BRAND_NAME} username`,
    [
      'Hello,',
      `Your username is your email address: ${user.email}`,
      `Forgotten your password as well? Request a reset link at ${publicUrl}/forgot-password.`,
    ],
    { href: `${publicUrl}/login`, label: 'Sign in' },
  );
}

export function passwordChangedEmail(user: Person, publicUrl: string): MailMessage {
  return compose(user.email, 'security_alert', `Your ${BRAND_NAME} password was changed`, [
    `Hello ${user.firstName},`,
    'The password of your account was just changed, and every other device was signed out.',
    `If this was not you, reset your password now at ${publicUrl}/forgot-password and contact us at ${publicUrl}/contact.`,
  ]);
}

export function emailChangedEmail(user: Person, newEmail: string, publicUrl: string): MailMessage {
  return compose(user.email, 'security_alert', `Your ${BRAND_NAME} email address was changed`, [
    `Hello ${user.firstName},`,
    `The email address of your account was changed to ${newEmail}. You now sign in with the new address.`,
    `If this was not you, contact us at ${publicUrl}/contact.`,
  ]);
}

/** To the new address: the link that makes it the sign-in address (nothing the requester typed but the address). */
export function emailChangeConfirmEmail(newEmail: string, link: string, publicUrl: string): MailMessage {
  return compose(
    newEmail,
    'email_change_confirm',
    `Confirm your new ${BRAND_NAME} email address`,
    [
      'Hello,',
      `Someone asked to make this address the sign-in address of a ${BRAND_NAME} account. If it was you, confirm it with the link below.`,
      `This link works once and for 24 hours. If you did not ask for this, ignore this email: nothing changes. Questions: ${publicUrl}/contact.`,
    ],
    { href: link, label: 'Confirm your new email address', secret: true },
  );
}

/** To the old address, as soon as a change is asked for: the owner of a stolen session hears of it in time. */
export function emailChangeRequestedEmail(user: Person, newEmail: string, publicUrl: string): MailMessage {
  return compose(user.email, 'security_alert', `A change of your ${BRAND_NAME} email address was requested`, [
    `Hello ${user.firstName},`,
    `Someone signed in to your account asked to change its email address to ${newEmail}. Nothing changes until the link sent to that address is opened.`,
    `If this was not you, change your password now at ${publicUrl}/settings (that signs out every other device), cancel the change on your profile at ${publicUrl}/profile, and contact us at ${publicUrl}/contact.`,
  ]);
}

/**
 * Sent to the address the account had, once it is deleted (decision 0056): what happened to the subscription and
 * the viewings, and that nothing more will come.
 */
export function accountDeletedEmail(user: Person, publicUrl: string): MailMessage {
  return compose(user.email, 'account_deleted', `Your account on ${BRAND_NAME} is deleted`, [
    'Hello,',
    `Your ${BRAND_NAME} account has been deleted, as you asked. You can no longer sign in with this address.`,
    ACCOUNT_DELETION_TERMS.subscription,
    ACCOUNT_DELETION_TERMS.viewings,
    ACCOUNT_DELETION_TERMS.shared,
    `This is the last email we send you. If you did not ask for this, reply to this email or write through ${publicUrl}/contact.`,
  ]);
}
