// Reads what the SEO checks need (src/domain/seo.ts) from a rendered page's DOM.
import type { PageFacts } from '../../../domain/seo';

function linkHasText(link: HTMLAnchorElement): boolean {
  if (link.textContent?.trim()) return true;
  if (link.getAttribute('aria-label')?.trim() || link.getAttribute('title')?.trim()) return true;
  const labelledBy = link.getAttribute('aria-labelledby');
  if (labelledBy && link.ownerDocument.getElementById(labelledBy)?.textContent?.trim()) return true;
  return Array.from(link.querySelectorAll('img[alt], svg[aria-label]')).some(
    (el) => (el.getAttribute('alt') ?? el.getAttribute('aria-label') ?? '').trim() !== '',
  );
}

export function pageFactsFrom(doc: Document): PageFacts {
  const images = Array.from(doc.querySelectorAll('img'));
  const links = Array.from(doc.querySelectorAll<HTMLAnchorElement>('a[href]'));
  const blocks = Array.from(doc.querySelectorAll('script[type="application/ld+json"]'));
  let invalid = 0;
  for (const block of blocks) {
    try {
      JSON.parse(block.textContent ?? '');
    } catch {
      invalid++;
    }
  }
  // innerText is the visible text (no scripts or styles); the page must be rendered for it.
  const body = doc.body as HTMLElement | null;
  return {
    title: doc.title,
    metaDescription: doc.querySelector('meta[name="description"]')?.getAttribute('content') ?? null,
    h1Count: doc.querySelectorAll('h1').length,
    images: { total: images.length, missingAlt: images.filter((img) => !img.hasAttribute('alt')).length },
    canonical: doc.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
    lang: doc.documentElement.getAttribute('lang'),
    text: body?.textContent ?? body?.textContent ?? '',
    viewport: doc.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? null,
    structuredData: { blocks: blocks.length, invalid },
    links: { total: links.length, withoutText: links.filter((link) => !linkHasText(link)).length },
  };
}
