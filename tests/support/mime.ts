// A small MIME reader, enough for nodemailer's output (multipart, quoted-printable, base64): the e2e mail capture
// reads what arrives over SMTP with it, the API tests the .eml files the mailer writes without SMTP.
function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const index = raw.search(/\r?\n\r?\n/);
  const head = index === -1 ? raw : raw.slice(0, index);
  const body = index === -1 ? '' : raw.slice(index).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  const kind = (encoding ?? '').toLowerCase();
  if (kind === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (kind === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeEncodedWords(value: string): string {
  return value.replace(
    /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
    (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

function collectParts(raw: string, out: { text: string[]; html: string[]; attachments: MailAttachment[] }) {
  const { headers, body } = splitHeaders(raw);
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collectParts(part.replace(/^\r?\n/, ''), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get('content-transfer-encoding'));
  const disposition = headers.get('content-disposition') ?? '';
  if (/^attachment/i.test(disposition)) {
    const filename = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? 'attachment';
    out.attachments.push({ filename, contentType: type.split(';')[0].trim(), content: decoded });
    return;
  }
  if (/^text\/html/i.test(type)) out.html.push(decoded);
  else if (/^text\//i.test(type)) out.text.push(decoded);
}

export interface ParsedMail {
  /** Lower-cased header names. */
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
}

export function parseMime(raw: string): ParsedMail {
  const { headers } = splitHeaders(raw);
  const parts = { text: [] as string[], html: [] as string[], attachments: [] as MailAttachment[] };
  collectParts(raw, parts);
  return {
    headers,
    subject: decodeEncodedWords(headers.get('subject') ?? ''),
    text: parts.text.join('\n'),
    html: parts.html.join('\n'),
    attachments: parts.attachments,
  };
}
