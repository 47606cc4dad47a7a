// Request input cleaned before any schema or database sees it, so odd but harmless input is a 400 or simply text,
// never a 500:
// - PostgreSQL text and jsonb cannot hold a NUL character: NULs are removed.
// - Nor can they hold a lone UTF-16 surrogate (half of an emoji, `"\ud800"` in JSON): each becomes U+FFFD, the
//   replacement character, as a browser does when it decodes broken text. The rest of the string is kept.
// - JSON nested deeper than any of our requests needs is refused: walking 5,000 levels overflowed the stack.

import { AppError } from '../../domain/errors';

/** Deeper than any request body of ours (the deepest, a listing's content, is 3 levels). */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Anything the cleaning could change: most input has neither a NUL nor a surrogate, and is returned as it is. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL character is the point.
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

/** A string PostgreSQL can store: no NUL, no lone surrogate. */
export function storableText(text: string): string {
  if (!NUL_OR_SURROGATE.test(text)) return text;
  const noNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return noNul.replace(LONE_SURROGATE, '\uFFFD');
}

/** A JSON value with every string (keys included) made storable; deeper than MAX_JSON_DEPTH is a 400. */
export function withoutNul(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value);
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) throw new AppError('VALIDATION_FAILED', TOO_DEEP_MESSAGE);
  if (Array.isArray(value)) return value.map((item) => withoutNul(item, depth + 1));
  const clean: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    // defineProperty: a "__proto__" key stays a plain key, never a prototype.
    Object.defineProperty(clean, storableText(key), {
      value: withoutNul(v, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return clean;
}
