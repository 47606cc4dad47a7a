// SEO checks (doc 2 "SEO analysis", §3 "SEO check result", §9 limits): pure functions over facts read from a page,
// so the /seo-analysis page and the unit tests run exactly the same rules.

export type SeoStatus = 'pass' | 'warning' | 'fail';

export interface SeoCheckResult {
  name: string;
  status: SeoStatus;
  value: string;
  description: string;
  recommendation?: string;
}

export const SEO_LIMITS = {
  titleMax: 60,
  titleMin: 10,
  descriptionMin: 121,
  descriptionMax: 160,
  keyword: 'property rental',
  densityMinPercent: 0.5,
  densityMaxPercent: 3,
  /** The checks run this long after the page is ready, once late head changes have landed. */
  delayMs: 100,
} as const;

/** What the checks need to know about a page; read from its DOM by the client. */
export interface PageFacts {
  title: string;
  metaDescription: string | null;
  h1Count: number;
  images: { total: number; missingAlt: number };
  canonical: string | null;
  lang: string | null;
  /** The visible text of the page body. */
  text: string;
  viewport: string | null;
  structuredData: { blocks: number; invalid: number };
  links: { total: number; withoutText: number };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function checkTitle(title: string): SeoCheckResult {
  const name = 'Title tag';
  const text = title.trim();
  const description = `A title of at most ${SEO_LIMITS.titleMax} characters shows in full in search results.`;
  if (!text)
    return {
      name,
      status: 'fail',
      value: 'Missing',
      description,
      recommendation: 'Give the page a <title> that says what it offers.',
    };
  const value = `${text.length} characters: "${text}"`;
  if (text.length > SEO_LIMITS.titleMax)
    return {
      name,
      status: 'fail',
      value,
      description,
      recommendation: `Shorten the title to ${SEO_LIMITS.titleMax} characters or fewer; search engines cut longer ones.`,
    };
  if (text.length < SEO_LIMITS.titleMin)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation: 'Make the title more descriptive: name the page and the brand.',
    };
  return { name, status: 'pass', value, description };
}

export function checkMetaDescription(metaDescription: string | null): SeoCheckResult {
  const name = 'Meta description';
  const description = `A description of ${SEO_LIMITS.descriptionMin}-${SEO_LIMITS.descriptionMax} characters is shown under the title in search results.`;
  const text = metaDescription?.trim() ?? '';
  if (!text)
    return {
      name,
      status: 'fail',
      value: 'Missing',
      description,
      recommendation: 'Add <meta name="description"> summarising the page in one or two sentences.',
    };
  const value = `${text.length} characters`;
  if (text.length < SEO_LIMITS.descriptionMin || text.length > SEO_LIMITS.descriptionMax)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation:
        text.length < SEO_LIMITS.descriptionMin
          ? `Lengthen the description to at least ${SEO_LIMITS.descriptionMin} characters.`
          : `Shorten the description to at most ${SEO_LIMITS.descriptionMax} characters.`,
    };
  return { name, status: 'pass', value, description };
}

export function checkH1(h1Count: number): SeoCheckResult {
  const name = 'Main heading (H1)';
  const description = 'Exactly one H1 tells readers and search engines what the page is about.';
  const value = plural(h1Count, 'H1 heading');
  if (h1Count === 0)
    return { name, status: 'fail', value, description, recommendation: 'Add one <h1> with the page topic.' };
  if (h1Count > 1)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation: 'Keep one <h1> and make the others <h2> or lower.',
    };
  return { name, status: 'pass', value, description };
}

export function checkImageAlt(images: PageFacts['images']): SeoCheckResult {
  const name = 'Image alt text';
  const description =
    'Every image needs an alt attribute (empty for decoration) for screen readers and image search.';
  const value =
    images.total === 0 ? 'No images' : `${images.total - images.missingAlt} of ${images.total} have alt`;
  if (images.missingAlt > 0)
    return {
      name,
      status: 'fail',
      value,
      description,
      recommendation: `Add alt text to ${plural(images.missingAlt, 'image')}.`,
    };
  return { name, status: 'pass', value, description };
}

export function checkCanonical(canonical: string | null): SeoCheckResult {
  const name = 'Canonical link';
  const description =
    'A canonical link tells search engines which address is the page, so duplicates do not compete.';
  if (!canonical?.trim())
    return {
      name,
      status: 'warning',
      value: 'Missing',
      description,
      recommendation: 'Add <link rel="canonical" href="..."> with the page address.',
    };
  return { name, status: 'pass', value: canonical, description };
}

export function checkLang(lang: string | null): SeoCheckResult {
  const name = 'Language attribute';
  const description = 'The lang attribute on <html> lets browsers and screen readers use the right language.';
  if (!lang?.trim())
    return {
      name,
      status: 'fail',
      value: 'Missing',
      description,
      recommendation: 'Set <html lang="en-GB">.',
    };
  return { name, status: 'pass', value: lang, description };
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9£'’-]+/g) ?? [];
}

/** Share of the page's words taken by the phrase, as a percentage: occurrences × words in the phrase ÷ all words. */
export function keywordDensity(text: string, keyword: string = SEO_LIMITS.keyword): number {
  const all = words(text);
  const phrase = words(keyword);
  if (all.length === 0 || phrase.length === 0) return 0;
  let occurrences = 0;
  for (let i = 0; i + phrase.length <= all.length; i++) {
    if (phrase.every((w, j) => all[i + j] === w)) occurrences++;
  }
  return ((occurrences * phrase.length) / all.length) * 100;
}

export function checkKeywordDensity(text: string, keyword: string = SEO_LIMITS.keyword): SeoCheckResult {
  const name = `Keyword density: "${keyword}"`;
  const description = `Between ${SEO_LIMITS.densityMinPercent}% and ${SEO_LIMITS.densityMaxPercent}% of the words: often enough to be relevant, not so often it reads as stuffing.`;
  const density = keywordDensity(text, keyword);
  const value = `${density.toFixed(2)}% of ${plural(words(text).length, 'word')}`;
  if (density < SEO_LIMITS.densityMinPercent)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation: `Use "${keyword}" naturally a little more in the page text.`,
    };
  if (density > SEO_LIMITS.densityMaxPercent)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation: `Use "${keyword}" less often; vary the wording.`,
    };
  return { name, status: 'pass', value, description };
}

export function checkViewport(viewport: string | null): SeoCheckResult {
  const name = 'Mobile viewport';
  const description = 'A viewport meta tag with width=device-width makes the page readable on phones.';
  if (!viewport?.trim())
    return {
      name,
      status: 'fail',
      value: 'Missing',
      description,
      recommendation: 'Add <meta name="viewport" content="width=device-width, initial-scale=1">.',
    };
  if (!/width\s*=\s*device-width/i.test(viewport))
    return {
      name,
      status: 'warning',
      value: viewport,
      description,
      recommendation: 'Include width=device-width in the viewport content.',
    };
  return { name, status: 'pass', value: viewport, description };
}

export function checkStructuredData(data: PageFacts['structuredData']): SeoCheckResult {
  const name = 'Structured data';
  const description =
    'JSON-LD structured data lets search engines show rich results (organisation, listings, FAQs).';
  const value = plural(data.blocks, 'JSON-LD block');
  if (data.invalid > 0)
    return {
      name,
      status: 'fail',
      value: `${value}, ${data.invalid} not valid JSON`,
      description,
      recommendation: 'Fix the JSON syntax of the structured data blocks.',
    };
  if (data.blocks === 0)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation: 'Add a <script type="application/ld+json"> block describing the page.',
    };
  return { name, status: 'pass', value, description };
}

export function checkLinkText(links: PageFacts['links']): SeoCheckResult {
  const name = 'Link text';
  const description = 'Every link needs text (or an aria-label) that says where it goes.';
  const value =
    links.total === 0 ? 'No links' : `${links.total - links.withoutText} of ${links.total} have text`;
  if (links.withoutText > 0)
    return {
      name,
      status: 'warning',
      value,
      description,
      recommendation: `Give ${plural(links.withoutText, 'link')} visible text or an aria-label.`,
    };
  return { name, status: 'pass', value, description };
}

export function runSeoChecks(facts: PageFacts): SeoCheckResult[] {
  return [
    checkTitle(facts.title),
    checkMetaDescription(facts.metaDescription),
    checkH1(facts.h1Count),
    checkImageAlt(facts.images),
    checkCanonical(facts.canonical),
    checkLang(facts.lang),
    checkKeywordDensity(facts.text),
    checkViewport(facts.viewport),
    checkStructuredData(facts.structuredData),
    checkLinkText(facts.links),
  ];
}

export interface SeoSummary {
  pass: number;
  warning: number;
  fail: number;
  total: number;
  /** Passes over all checks, as a whole percentage (doc 2 "SEO analysis"). */
  score: number;
}

export function summariseSeo(results: SeoCheckResult[]): SeoSummary {
  const pass = results.filter((r) => r.status === 'pass').length;
  const warning = results.filter((r) => r.status === 'warning').length;
  const fail = results.filter((r) => r.status === 'fail').length;
  const total = results.length;
  return { pass, warning, fail, total, score: total === 0 ? 0 : Math.round((pass / total) * 100) };
}

/** The public pages the analysis page offers, and whose head metadata must pass the title and description checks. */
export const SEO_PUBLIC_PAGES = [
  '/',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/what-we-check',
  '/contractor-signup',
  '/landlord-services',
] as const;
