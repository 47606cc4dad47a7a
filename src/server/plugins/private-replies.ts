// Who may keep a reply (issue 29 item 5). Anything answered to a signed-in person, and any reply that sets a
// cookie (signing in, signing out, a demo session), is `Cache-Control: no-store`: the page names who is signed in,
// an API reply holds their messages or saved homes, and neither may stay on a shared computer's disk or in a proxy
// (RFC 9111 §5.2.2.5: no-store forbids any cache to store the reply; `private, no-cache` still lets the browser
// keep it). The one exception is a reply its route marked `public`: such a reply is the same for every caller
// (places, figures, featured homes, assets, photos), which tests/api/cache-headers.test.ts proves route by route
// by comparing a member's reply with a visitor's. A reply whose route says nothing (an API reply, a health check) is
// `no-store` for everyone: nothing is kept by a guess.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export const NO_STORE = 'no-store';

/** A policy a route chose because its reply is the same whoever asks. */
function isShared(policy: unknown): boolean {
  return typeof policy === 'string' && /^\s*public\b/i.test(policy);
}

function setsCookie(reply: FastifyReply): boolean {
  return reply.hasHeader('set-cookie');
}

/** The Cache-Control a reply must carry, or undefined to keep what its route set. */
export function requiredPolicy(request: FastifyRequest, reply: FastifyReply): string | undefined {
  const policy = reply.getHeader('cache-control');
  if (setsCookie(reply)) return NO_STORE;
  if (isShared(policy)) return undefined;
  if (request.auth?.user) return NO_STORE;
  if (policy === undefined) return NO_STORE;
  return undefined;
}

/** On the root instance after the session and cookie plugins, so every route's reply passes through it. */
export function registerPrivateReplies(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const policy = requiredPolicy(request, reply);
    if (policy) reply.header('cache-control', policy);
    done(null, payload);
  });
}
