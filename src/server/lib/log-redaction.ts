// No secret in a log (issue 29, decision 0053). Three layers, so one missed path is caught by the next:
// 1. the request serializer writes a token page's path without its query string, and any other address with its
//    secret-looking parameters (token, code, key, signature…) replaced;
// 2. pino's `redact` censors cookie, authorization and set-cookie headers wherever a logged object carries them;
// 3. a last pass over every finished line replaces what still looks like a secret parameter (an error message that
//    quoted an address, say).
import type { FastifyServerOptions } from 'fastify';

/** Pages opened from an emailed one-time link: their whole query string is the secret. */
export const TOKEN_PAGES: readonly string[] = ['/reset-password', '/confirm-email', '/confirm-listing'];

/** Pages and API routes whose next path segment is an emailed token (/references/{token}): that segment is the secret. */
export const TOKEN_PATHS: readonly string[] = ['/references', '/api/references'];

/** Query parameters whose value is never written, on any route (lower case). */
export const SECRET_PARAMS: readonly string[] = [
  'token',
  'code',
  'key',
  'signature',
  'sig',
  'secret',
  'password',
  'access_token',
  'refresh_token',
  'session',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
];

/** What replaces a secret in a log line. */
export const REDACTED = '[REDACTED]';

/** Header paths pino censors: the request's credentials and the reply's new session cookie. */
export const REDACTED_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
];

const SECRET_SET = new Set(SECRET_PARAMS);

/** The address as it may be logged: a token page without its query, other pages with secret values replaced. */
export function loggableUrl(address: string): string {
  const url = withoutPathToken(address);
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  if (TOKEN_PAGES.includes(path.replace(/\/+$/, '') || '/')) return path;
  const pairs = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_SET.has(safeDecode(name).toLowerCase()) && eq >= 0 ? `${name}=${REDACTED}` : pair;
    });
  return `${path}?${pairs.join('&')}`;
}

/** "/references/abc?x=1" → "/references/[REDACTED]?x=1"; any other address as it was. */
function withoutPathToken(url: string): string {
  for (const prefix of TOKEN_PATHS) {
    if (!url.startsWith(`${prefix}/`)) continue;
    const start = prefix.length + 1;
    const end = url.slice(start).search(/[/?#]|$/) + start;
    return end > start ? `${url.slice(0, start)}${REDACTED}${url.slice(end)}` : url;
  }
  return url;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

const escapedNames = SECRET_PARAMS.map((name) => name.replace(/[-_]/g, '[-_]')).join('|');
/** `token=…` after `?`, `&` or a quote/space, up to the next separator: what a stray address in a message leaves. */
const SECRET_IN_TEXT = new RegExp(`([?&;\\s"'](?:${escapedNames})=)[^&\\s"'#;\\\\]+`, 'gi');
/** A token page's query, wherever it appears in a line (its whole query string is the secret). A backslash ends it:
 * in a JSON line it starts the escape of a closing quote. */
const TOKEN_PAGE_QUERY = new RegExp(
  `(${TOKEN_PAGES.map((page) => page.replace(/[-/]/g, '\\$&')).join('|')})\\?[^\\s"'#\\\\]*`,
  'g',
);

/** A token path's secret segment, wherever it appears in a line ("/references/" covers "/api/references/" too).
 * A route's own pattern ("/api/references/:token") is left alone: it holds no secret. */
const TOKEN_PATH_SEGMENT = new RegExp(
  `(${[...new Set(TOKEN_PATHS.map((path) => path.slice(path.lastIndexOf('/'))))]
    .map((path) => path.replace(/[-/]/g, '\\$&'))
    .join('|')}/)(?!:)[^\\s"'#/?\\\\]+`,
  'g',
);

/** Any text with a token path's secret segment replaced: an address, a referrer, a stored page path. */
export function scrubTokenPaths(text: string): string {
  return text.replace(TOKEN_PATH_SEGMENT, `$1${REDACTED}`);
}

/** The last pass over a finished JSON log line. */
export function scrubLine(line: string): string {
  return line
    .replace(TOKEN_PAGE_QUERY, '$1')
    .replace(TOKEN_PATH_SEGMENT, `$1${REDACTED}`)
    .replace(SECRET_IN_TEXT, `$1${REDACTED}`);
}

interface RequestLike {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** Fastify's own request serializer, but with the address made loggable and no header at all. */
function serializeRequest(req: RequestLike) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

type PinoOptions = Exclude<FastifyServerOptions['logger'], boolean | undefined>;

/** The options every logger of the app is built with (stdout, a test's stream, pretty in development). */
export function redactingLoggerOptions(): PinoOptions {
  return {
    serializers: { req: serializeRequest as never },
    redact: { paths: [...REDACTED_PATHS], censor: REDACTED },
    hooks: { streamWrite: scrubLine },
  } as PinoOptions;
}
