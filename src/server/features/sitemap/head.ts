// Crawler-visible structured data for the legal pages (doc 2 "Static pages": static text with page-title and
// structured-data metadata): a schema.org WebPage in the served head, like the listing and trade pages' JSON-LD.
import { isLegalPath, legalPageJsonLd } from '../../../domain/pages';
import { type HeadResolver, jsonLdScript } from '../../plugins/site';

export const legalPageHeadResolver: HeadResolver = async (request, pathname) => {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!isLegalPath(clean)) return null;
  return { head: jsonLdScript(legalPageJsonLd(clean, request.server.ctx.config.publicUrl)) };
};
