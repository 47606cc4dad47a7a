// GET /media/<key>: a stored photo, streamed from whichever store holds it (decision 0041). Keys never change, so
// the reply may be kept for 30 days without asking again (as when @fastify/static served the folder); a key that
// is not stored, or could not be one, is a 404. With MEDIA_PUBLIC_URL set replies point elsewhere, but rows written
// before keep working here.
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import { isMediaKey } from './storage';

export const MEDIA_CACHE_CONTROL = 'public, max-age=2592000, immutable';
/** Folders of private files (compliance certificates, decision 0069): served only by their own authorised routes. */
export const PRIVATE_MEDIA_FOLDERS = ['certificates/'];

/** If-None-Match: "*" or a list of validators, weak ones matching weakly (RFC 9110 §13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch || !etag) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

export function registerMediaRoute(app: FastifyInstance) {
  // HEAD is its own method here: Fastify's automatic one would read the whole object to throw it away.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isMediaKey(key) || PRIVATE_MEDIA_FOLDERS.some((folder) => key.startsWith(folder)))
        throw new AppError('NOT_FOUND');
      const object = await app.ctx.storage.get(key);
      if (!object) throw new AppError('NOT_FOUND');
      reply
        .header('cache-control', MEDIA_CACHE_CONTROL)
        .header('etag', object.etag)
        .header('last-modified', object.lastModified.toUTCString())
        // A CDN in front of /media/ (MEDIA_PUBLIC_URL) is another origin: the site's pages must still show them.
        .header('cross-origin-resource-policy', 'cross-origin');
      const notModified = matches(request.headers['if-none-match'], object.etag);
      if (notModified || request.method === 'HEAD') object.body.destroy();
      if (notModified) return reply.status(304).send();
      reply.type(object.contentType).header('content-length', object.size);
      return reply.send(request.method === 'HEAD' ? undefined : object.body);
    },
  });
}
