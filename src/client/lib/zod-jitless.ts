// Imported first by main.tsx, before any schema exists: zod's fast path compiles parsers with `new Function`, and
// even probing for it (a caught throw) is reported by Chrome as a Content-Security-Policy issue under our
// `script-src 'self'` (Lighthouse Best Practices). zod reads this global config object when a schema is built;
// the browser's forms parse a few fields, so the interpreted path costs nothing a person notices.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Mutated, not replaced: zod keeps a reference to this very object.
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
