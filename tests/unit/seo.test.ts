// Doc 2 "SEO analysis" and §9: title ≤ 60, description 121-160, 'property rental' density 0.5%-3%, score = passes over
// checks. The public pages' head metadata (src/domain/pages.ts) must pass the title and description checks.
import { describe, expect, it } from 'vitest';
import { PAGE_META } from '../../src/domain/pages';
import {
  checkCanonical,
  checkH1,
  checkImageAlt,
  checkKeywordDensity,
  checkLang,
  checkLinkText,
  checkMetaDescription,
  checkStructuredData,
  checkTitle,
  checkViewport,
  keywordDensity,
  type PageFacts,
  runSeoChecks,
  SEO_PUBLIC_PAGES,
  summariseSeo,
} from '../../src/domain/seo';

const text = (n: number) => 'x'.repeat(n);

describe('title check', () => {
  it('passes up to 60 characters and fails beyond', () => {
    expect(checkTitle(text(60)).status).toBe('pass');
    expect(checkTitle(text(61)).status).toBe('fail');
    expect(checkTitle(text(61)).recommendation).toMatch(/60/);
  });
  it('fails a missing title and warns about a very short one', () => {
    expect(checkTitle('  ').status).toBe('fail');
    expect(checkTitle('Home').status).toBe('warning');
  });
});

describe('meta description check', () => {
  it('passes 121 to 160 characters', () => {
    expect(checkMetaDescription(text(121)).status).toBe('pass');
    expect(checkMetaDescription(text(160)).status).toBe('pass');
  });
  it('warns outside the range and fails when missing', () => {
    expect(checkMetaDescription(text(120)).status).toBe('warning');
    expect(checkMetaDescription(text(161)).status).toBe('warning');
    expect(checkMetaDescription(null).status).toBe('fail');
    expect(checkMetaDescription('').status).toBe('fail');
  });
});

describe('keyword density', () => {
  it('counts the phrase, case-insensitively, as a share of all words', () => {
    // 2 occurrences × 2 words of 100 words = 4%
    const page = `Property rental ${'word '.repeat(95)} property RENTAL two`;
    expect(keywordDensity(page)).toBeCloseTo(4);
    expect(keywordDensity('')).toBe(0);
  });
  it('passes between 0.5% and 3%, warns outside', () => {
    const withDensity = (occurrences: number, total: number) =>
      `${'property rental '.repeat(occurrences)}${'word '.repeat(total - occurrences * 2)}`;
    expect(checkKeywordDensity(withDensity(1, 400)).status).toBe('pass'); // 0.5%
    expect(checkKeywordDensity(withDensity(3, 200)).status).toBe('pass'); // 3%
    expect(checkKeywordDensity(withDensity(1, 401)).status).toBe('warning'); // just under 0.5%
    expect(checkKeywordDensity(withDensity(4, 200)).status).toBe('warning'); // 4%
    expect(checkKeywordDensity('no keyword here').status).toBe('warning');
  });
});

describe('the other checks', () => {
  it('wants exactly one h1', () => {
    expect(checkH1(1).status).toBe('pass');
    expect(checkH1(0).status).toBe('fail');
    expect(checkH1(2).status).toBe('warning');
  });
  it('wants alt on every image', () => {
    expect(checkImageAlt({ total: 3, missingAlt: 0 }).status).toBe('pass');
    expect(checkImageAlt({ total: 0, missingAlt: 0 }).status).toBe('pass');
    expect(checkImageAlt({ total: 3, missingAlt: 1 }).status).toBe('fail');
  });
  it('wants a canonical link, a lang attribute and a mobile viewport', () => {
    expect(checkCanonical('https://example.test/').status).toBe('pass');
    expect(checkCanonical(null).status).toBe('warning');
    expect(checkLang('en-GB').status).toBe('pass');
    expect(checkLang('').status).toBe('fail');
    expect(checkViewport('width=device-width, initial-scale=1').status).toBe('pass');
    expect(checkViewport('initial-scale=1').status).toBe('warning');
    expect(checkViewport(null).status).toBe('fail');
  });
  it('wants valid structured data and text on every link', () => {
    expect(checkStructuredData({ blocks: 1, invalid: 0 }).status).toBe('pass');
    expect(checkStructuredData({ blocks: 0, invalid: 0 }).status).toBe('warning');
    expect(checkStructuredData({ blocks: 2, invalid: 1 }).status).toBe('fail');
    expect(checkLinkText({ total: 4, withoutText: 0 }).status).toBe('pass');
    expect(checkLinkText({ total: 4, withoutText: 1 }).status).toBe('warning');
  });
});

describe('a whole page', () => {
  const good: PageFacts = {
    title: 'About Your Place | Independent UK Rentals',
    metaDescription: text(140),
    h1Count: 1,
    images: { total: 2, missingAlt: 0 },
    canonical: 'https://yourplace.test/about',
    lang: 'en-GB',
    text: `Property rental made simple. ${'word '.repeat(150)}`,
    viewport: 'width=device-width, initial-scale=1',
    structuredData: { blocks: 1, invalid: 0 },
    links: { total: 10, withoutText: 0 },
  };

  it('runs ten checks and scores passes over checks as a percentage', () => {
    const results = runSeoChecks(good);
    expect(results).toHaveLength(10);
    expect(summariseSeo(results)).toEqual({ pass: 10, warning: 0, fail: 0, total: 10, score: 100 });
    const worse = runSeoChecks({ ...good, h1Count: 0, canonical: null, links: { total: 1, withoutText: 1 } });
    expect(summariseSeo(worse)).toEqual({ pass: 7, warning: 2, fail: 1, total: 10, score: 70 });
  });

  it('gives every warning and failure a recommendation', () => {
    const bad = runSeoChecks({
      title: '',
      metaDescription: null,
      h1Count: 3,
      images: { total: 1, missingAlt: 1 },
      canonical: null,
      lang: null,
      text: '',
      viewport: null,
      structuredData: { blocks: 0, invalid: 0 },
      links: { total: 2, withoutText: 2 },
    });
    expect(summariseSeo(bad).pass).toBe(0);
    for (const result of bad) expect(result.recommendation, result.name).toEqual(expect.any(String));
  });
});

describe('the public pages', () => {
  for (const path of SEO_PUBLIC_PAGES) {
    it(`${path} passes the title and description checks`, () => {
      const meta = PAGE_META[path];
      expect(meta, path).toBeDefined();
      expect(checkTitle(meta.title)).toMatchObject({ status: 'pass' });
      expect(checkMetaDescription(meta.description)).toMatchObject({ status: 'pass' });
    });
  }
});
