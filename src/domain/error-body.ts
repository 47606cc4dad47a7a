// The error body as a zod schema, for the OpenAPI document and route contracts (server only): kept apart from
// errors.ts, which the browser imports, so that zod stays out of the pages' first load.
import { z } from 'zod';
import type { ErrorBody } from './errors';

/** Every refusal's body, as the OpenAPI document shows it. */
export const ZErrorBody = z
  .object({
    message: z.string().describe('For people: shown as it is.'),
    code: z.string().optional().describe('One of the error codes (VALIDATION_FAILED, NOT_FOUND, …).'),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe('Per field (dotted path), its messages; `_` for the body as a whole.'),
    feature: z.string().optional().describe('The plan feature the request needed.'),
    requestId: z
      .string()
      .optional()
      .describe(
        'The request id (also the X-Request-Id header and reqId on its log lines): quote it to support.',
      ),
  })
  .meta({ id: 'ErrorBody' }) satisfies z.ZodType<ErrorBody>;
