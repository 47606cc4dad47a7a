import type { z } from 'zod';
import { AppError } from '../../domain/errors';
import { withoutNul } from './nul';

/**
 * Parse a request part with a domain schema; a failure becomes a 400 with field errors and the first message.
 * NUL characters are removed first: PostgreSQL text cannot hold them, so one would otherwise be a 500.
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(withoutNul(input ?? {}));
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_';
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') message = `Unexpected field: ${issue.keys.join(', ')}`;
    fieldErrors[key] ??= [];
    fieldErrors[key].push(message);
  }
  const first = result.error.issues[0];
  const message =
    first?.code === 'unrecognized_keys'
      ? `Unexpected field: ${first.keys.join(', ')}`
      : first?.code === 'invalid_type' && first.path.length === 0
        ? 'The request body must be a JSON object.'
        : (first?.message ?? 'Invalid request');
  throw new AppError('VALIDATION_FAILED', message, fieldErrors);
}
