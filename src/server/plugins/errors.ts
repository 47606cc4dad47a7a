// One error handler: known errors become their status and JSON body; anything else is a bare 500. Every error body
// carries the request id (also in the X-Request-Id header and on every log line of the request).
import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { AppError, ERROR_CODES, type ErrorBody } from '../../domain/errors';

function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError(
        'INVALID_JSON',
        err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'The request body is empty.' : undefined,
      );
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.');
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large. The limit is 5 MB.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new AppError('BAD_REQUEST');
    default:
      break;
  }
  if (err.statusCode === 429) return new AppError('RATE_LIMITED');
  if (err.statusCode === 413)
    return new AppError('PAYLOAD_TOO_LARGE', 'The upload is too large. The limit is 5 MB.');
  if (err.statusCode === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE');
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
    return new AppError('BAD_REQUEST', err.message);
  return null;
}

/** PostgreSQL's codes for "the server is going away or not taking connections" (class 57, and 55000 for a
 * database whose connections are switched off), and Node's for a refused or broken connection. */
const DATABASE_DOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '55000',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);
const DATABASE_DOWN_MESSAGES =
  /Connection terminated|connection timeout|Client has encountered a connection error/i;

/** True when the error (or what it wraps: drizzle puts the driver's error in `cause`) says the database is out of
 * reach, not that the query was wrong: the request may succeed once it is back, so it is a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let err = error, depth = 0; err && typeof err === 'object' && depth < 5; depth += 1) {
    const { code, message } = err as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) return true;
    if (typeof message === 'string' && DATABASE_DOWN_MESSAGES.test(message)) return true;
    err = (err as { cause?: unknown }).cause;
  }
  return false;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    let known: AppError | null = null;
    if (error instanceof AppError) known = error;
    else if (error instanceof ZodError) known = new AppError('VALIDATION_FAILED', error.issues[0]?.message);
    else if (isDatabaseUnavailable(error)) {
      known = new AppError(
        'UNAVAILABLE',
        'The service is briefly unavailable. Please try again in a moment.',
      );
      reply.header('retry-after', '5');
    } else known = fromFastifyError(error as FastifyError);

    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, known.message);
      const body: ErrorBody = { ...known.toBody(), requestId: request.id };
      if (known.retryAfter) reply.header('retry-after', String(known.retryAfter));
      if (known.status === 429) {
        const retry = reply.getHeader('retry-after');
        // @fastify/rate-limit's own refusals carry only the default text: say when. Our own limits say more.
        if (retry && known.message === ERROR_CODES.RATE_LIMITED.message)
          body.message = `Too many requests. Please try again in ${retry} seconds.`;
      }
      return reply.status(known.status).send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = {
      message: ERROR_CODES.INTERNAL.message,
      code: 'INTERNAL',
      requestId: request.id,
    };
    return reply.status(500).send(body);
  });
}
