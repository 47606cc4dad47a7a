// Every log line written while a request is handled carries its request id, whichever logger wrote it: services
// log through ctx.log, which writes through the current request's logger (a child with `reqId`) when there is
// one, and through the app's logger otherwise (jobs, start-up).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

const current = new AsyncLocalStorage<FastifyBaseLogger>();

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A logger that writes through the request being handled, if any, else through `base`. */
export function contextLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  const logger = Object.create(base) as FastifyBaseLogger;
  for (const level of LEVELS) {
    (logger as unknown as Record<string, unknown>)[level] = (...args: unknown[]) =>
      ((current.getStore() ?? base)[level] as (...a: unknown[]) => void)(...args);
  }
  return logger;
}

/**
 * Enter the request's logger at the start and again just before the handler: a request body is read in the
 * socket's own async context, so the store set at onRequest is not always the one the handler runs in.
 */
export function trackRequestLogger(app: FastifyInstance) {
  const enter = (request: { log: FastifyBaseLogger }, _reply: unknown, done: () => void) => {
    current.enterWith(request.log);
    done();
  };
  app.addHook('onRequest', enter);
  app.addHook('preHandler', enter);
}
