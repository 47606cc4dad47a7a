// One email listing several things, for the reminder jobs (decision 0074): a landlord with twelve gas checks due in
// one week, or several repairs near their targets, gets one message per run with a line for each, not one each.
// Plain text and HTML say the same; every value from a person (a home's title, a repair's) is escaped in the HTML.
import { BRAND_NAME } from '../../domain/constants';
import { escapeHtml, type QueuedMessage } from './mailer';

/** One thing the digest is about: which home, what, when it is due, where it stands and where to act on it. */
export interface DigestLine {
  home: string;
  what: string;
  due: string;
  status: string;
  link: string;
  /** The link's words ("Open the compliance calendar"): a screen reader lists links by their text. */
  linkLabel: string;
}

export interface Digest {
  to: string;
  firstName: string | null;
  subject: string;
  kind: string;
  /** The sentence above the list. */
  intro: string;
  /** The column names of the HTML table: home, what, due, status. */
  columns: readonly [string, string, string, string];
  lines: readonly DigestLine[];
  /** Sentences below the list. */
  outro: readonly string[];
}

/** "1 home" / "3 homes". */
export function counted(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function digestEmail(digest: Digest): QueuedMessage {
  const hello = `Hello ${digest.firstName || 'there'},`;
  const text = [
    hello,
    '',
    digest.intro,
    '',
    ...digest.lines.flatMap((line) => [
      `- ${line.home}: ${line.what}, ${line.due} (${line.status})`,
      `  ${line.link}`,
    ]),
    '',
    ...digest.outro,
    '',
    BRAND_NAME,
  ].join('\n');
  const cell = (value: string) => `<td>${escapeHtml(value)}</td>`;
  const html = [
    `<p>${escapeHtml(hello)}</p>`,
    `<p>${escapeHtml(digest.intro)}</p>`,
    '<table>',
    `<thead><tr>${[...digest.columns, 'Link'].map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('')}</tr></thead>`,
    '<tbody>',
    ...digest.lines.map(
      (line) =>
        `<tr>${cell(line.home)}${cell(line.what)}${cell(line.due)}${cell(line.status)}` +
        `<td><a href="${escapeHtml(line.link)}">${escapeHtml(line.linkLabel)}</a></td></tr>`,
    ),
    '</tbody>',
    '</table>',
    ...digest.outro.map((sentence) => `<p>${escapeHtml(sentence)}</p>`),
    `<p>${escapeHtml(BRAND_NAME)}</p>`,
  ].join('\n');
  return { to: digest.to, subject: digest.subject, text, html, kind: digest.kind };
}
