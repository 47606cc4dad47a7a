// One error vocabulary for server and client: a code, its HTTP status and a default message.

export const ERROR_CODES = {
  BAD_REQUEST: { status: 400, message: 'The request could not be understood.' },
  VALIDATION_FAILED: { status: 400, message: 'Please check the highlighted fields.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  INVALID_TOKEN: { status: 400, message: 'Invalid reset token' },
  UNAUTHENTICATED: { status: 401, message: 'Please sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: 'Invalid email or password' },
  WRONG_PASSWORD: { status: 400, message: 'Current password is incorrect' },
  FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  PREMIUM_REQUIRED: { status: 403, message: 'A premium subscription is required.' },
  SUBSCRIPTION_REQUIRED: { status: 403, message: 'An active subscription is required.' },
  ADMIN_REQUIRED: { status: 403, message: 'Only authorized administrators can do that.' },
  SUPER_ADMIN_REQUIRED: { status: 403, message: 'Only the super administrator can do that.' },
  DEMO_LOGIN_DISABLED: { status: 403, message: 'Demo login is turned off.' },
  PAYMENT_FAILED: { status: 402, message: 'Your card was declined.' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  EMAIL_TAKEN: { status: 409, message: 'An account with this email already exists. Please sign in instead.' },
  CONFLICT: { status: 409, message: 'That conflicts with the current state.' },
  ALREADY_REVIEWED: { status: 409, message: 'This submission has already been reviewed.' },
  LINK_USED: { status: 410, message: 'This link has already been used.' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'The upload is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please wait a moment and try again.' },
  INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable.' },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorBody {
  message: string;
  code?: string;
  fieldErrors?: Record<string, string[]>;
  /** A plan feature the request needed (src/domain/plans.ts): the page shows an upgrade prompt for it. */
  feature?: string;
  requestId?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fieldErrors?: Record<string, string[]>;
  feature?: string;
  /** Seconds a client should wait before trying again (a 429's Retry-After header). */
  retryAfter?: number;

  constructor(code: ErrorCode, message?: string, fieldErrors?: Record<string, string[]>) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.fieldErrors = fieldErrors;
  }

  /** Names the plan feature that was missing, so the client can offer the plan instead of an error. */
  withFeature(feature: string): this {
    this.feature = feature;
    return this;
  }

  /** A 429 says when to try again: the error handler sends it as the Retry-After header. */
  withRetryAfter(seconds: number): this {
    this.retryAfter = Math.max(1, Math.ceil(seconds));
    return this;
  }

  toBody(): ErrorBody {
    return {
      message: this.message,
      code: this.code,
      ...(this.fieldErrors ? { fieldErrors: this.fieldErrors } : {}),
      ...(this.feature ? { feature: this.feature } : {}),
    };
  }
}
