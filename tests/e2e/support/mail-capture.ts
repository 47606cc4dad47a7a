// A tiny SMTP server that keeps every message the e2e server sends (scripts/e2e-server.mjs points SMTP_URL
// here), and an HTTP endpoint so specs in any worker can read them: GET /messages?to=<address>.
import { createServer, type Server } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { type MailAttachment, parseMime } from '../../support/mime';

// playwright.config.ts sets both from E2E_PORT (6099 and 7099 by default).
export const MAIL_CAPTURE_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 6099);
export const MAIL_CAPTURE_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 7099);
const HOST = '127.0.0.1';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  receivedAt: string;
}

export function parseMail(raw: string, to: string[]): CapturedMail {
  const { subject, text, html, attachments } = parseMime(raw);
  return {
    to: to.map((a) => a.toLowerCase()),
    subject,
    text,
    html,
    attachments,
    receivedAt: new Date().toISOString(),
  };
}

// ---- the servers ----

export interface MailCapture {
  close(): Promise<void>;
}

export async function startMailCapture(): Promise<MailCapture> {
  const messages: CapturedMail[] = [];

  const smtp = new SMTPServer({
    secure: false,
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS offer, so the sender never tries the test certificate.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const recipients = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), recipients));
        if (messages.length > 1000) messages.shift();
        callback();
      });
    },
  });

  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${HOST}`);
    if (request.method === 'GET' && url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase();
      const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(found));
      return;
    }
    if (url.pathname === '/health') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ mailCapture: true }));
      return;
    }
    response.writeHead(404).end();
  });

  await Promise.all([
    new Promise<void>((resolve, reject) => {
      smtp.server.once('error', reject);
      smtp.listen(MAIL_CAPTURE_SMTP_PORT, HOST, () => resolve());
    }),
    new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(MAIL_CAPTURE_HTTP_PORT, HOST, () => resolve());
    }),
  ]).catch(async (error) => {
    smtp.close(() => {});
    http.close();
    throw error;
  });

  return {
    close: () =>
      new Promise<void>((resolve) => {
        http.close();
        smtp.close(() => resolve());
      }),
  };
}

/** Is a capture (ours or another Playwright run's) already answering on the HTTP port? */
export async function mailCaptureIsRunning(): Promise<boolean> {
  try {
    const res = await fetch(`http://${HOST}:${MAIL_CAPTURE_HTTP_PORT}/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return res.ok && ((await res.json()) as { mailCapture?: boolean }).mailCapture === true;
  } catch {
    return false;
  }
}

/** For specs: the messages sent to one address so far. */
export async function mailsTo(address: string): Promise<CapturedMail[]> {
  const res = await fetch(
    `http://${HOST}:${MAIL_CAPTURE_HTTP_PORT}/messages?to=${encodeURIComponent(address)}`,
  );
  if (!res.ok) throw new Error(`mail capture answered ${res.status}`);
  return (await res.json()) as CapturedMail[];
}
