// Redirect delays (doc 2 §9): long enough to read the confirmation, short enough not to wait for.
export const LOGIN_REDIRECT_MS = 1000;
export const DEMO_LOGIN_REDIRECT_MS = 1000;
export const SIMPLE_REGISTRATION_REDIRECT_MS = 2000;
/** After deletion the toast stays readable for a moment before the full-page navigation to /. */
export const ACCOUNT_DELETED_REDIRECT_MS = 1200;
