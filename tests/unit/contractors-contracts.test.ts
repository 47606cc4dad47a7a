// The contractor contracts in src/domain/contractors.ts: what the directory query means, and the review, quote
// request and profile rules with their messages (doc 1 "Contractor list", "Contractor detail", §4, §9).
import { describe, expect, it } from 'vitest';
import {
  leadStatusTone,
  PROFILE_MESSAGES,
  QUOTE_MESSAGES,
  REVIEW_MESSAGES,
  resolveSpecialty,
  ZContractorDirectoryQuery,
  ZContractorProfileContent,
  ZContractorProfileRequest,
  ZQuoteRequest,
  ZReviewRequest,
} from '../../src/domain/contractors';

const query = (q: Record<string, string>) => ZContractorDirectoryQuery.parse(q);
const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues[0]?.message;

describe('the directory query', () => {
  it('defaults to every live contractor, highest rated first, twelve a page', () => {
    expect(query({})).toEqual({
      specialty: undefined,
      serviceArea: undefined,
      text: undefined,
      topRated: false,
      emergency: false,
      sort: 'rating',
      page: 1,
      limit: 12,
    });
  });

  it('reads the marketing aliases of specialty and service', () => {
    expect(query({ specialty: 'plumbing' }).specialty).toBe('Plumbing & Heating');
    expect(query({ service: 'electrical' }).specialty).toBe('Electrical Services');
    expect(query({ service: 'maintenance' }).specialty).toBe('General Building');
    expect(query({ specialty: 'cleaning' }).specialty).toBe('Cleaning Services');
    expect(query({ specialty: 'ROOFING' }).specialty).toBe('Roofing');
  });

  it('treats all and any as no filter, and an unknown trade (inherited names too) as unknown', () => {
    expect(resolveSpecialty('all')).toBeUndefined();
    expect(resolveSpecialty(' Any ')).toBeUndefined();
    expect(resolveSpecialty('')).toBeUndefined();
    for (const unknown of ['wizardry', '__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(resolveSpecialty(unknown), unknown).toBeNull();
    expect(resolveSpecialty('plumbing')).toBe('Plumbing & Heating');
  });

  it('reads the quick filters from true, 1, on or yes', () => {
    for (const value of ['true', '1', 'on', 'yes']) {
      expect(query({ topRated: value, emergency: value })).toMatchObject({ topRated: true, emergency: true });
    }
    expect(query({ topRated: 'false', emergency: '0' })).toMatchObject({ topRated: false, emergency: false });
  });

  it('takes q or search as the keywords and area as the service area, without control characters', () => {
    expect(query({ search: 'slate\u0000roof' }).text).toBe('slate roof');
    expect(query({ q: '  boiler  ' }).text).toBe('boiler');
    expect(query({ area: 'Leeds' }).serviceArea).toBe('Leeds');
  });

  it('falls back to Highest Rated for an unknown sort, and refuses impossible pages', () => {
    expect(query({ sort: 'cheapest' }).sort).toBe('rating');
    expect(query({ sort: 'name' }).sort).toBe('name');
    expect(ZContractorDirectoryQuery.safeParse({ page: '0' }).success).toBe(false);
    expect(ZContractorDirectoryQuery.safeParse({ limit: '51' }).success).toBe(false);
    expect(ZContractorDirectoryQuery.safeParse({ limit: '2.5' }).success).toBe(false);
  });
});

describe('reviews', () => {
  it('need a whole number of stars from 1 to 5 and a comment of at most 1000 characters', () => {
    expect(ZReviewRequest.parse({ rating: 4, comment: ' Good job ' })).toEqual({
      rating: 4,
      comment: 'Good job',
    });
    expect(firstMessage(ZReviewRequest.safeParse({ rating: 0, comment: 'x' }))).toBe(REVIEW_MESSAGES.rating);
    expect(firstMessage(ZReviewRequest.safeParse({ rating: 3.5, comment: 'x' }))).toBe(
      REVIEW_MESSAGES.rating,
    );
    expect(firstMessage(ZReviewRequest.safeParse({ rating: 5, comment: ' ' }))).toBe(REVIEW_MESSAGES.comment);
    expect(firstMessage(ZReviewRequest.safeParse({ rating: 5, comment: 'x'.repeat(1001) }))).toBe(
      REVIEW_MESSAGES.commentTooLong,
    );
  });
});

describe('quote requests', () => {
  const valid = {
    jobTitle: 'Fix the gutter',
    description: 'It overflows in heavy rain.',
    location: 'LS6',
    contactEmail: 'Me@Example.test',
  };

  it('lower-cases the email and leaves phone and date empty when not given', () => {
    expect(ZQuoteRequest.parse({ ...valid, contactPhone: '', preferredDate: '' })).toEqual({
      ...valid,
      contactEmail: 'me@example.test',
      contactPhone: null,
      preferredDate: null,
    });
  });

  it("answers each missing field with the form's message", () => {
    expect(firstMessage(ZQuoteRequest.safeParse({ ...valid, jobTitle: '' }))).toBe(QUOTE_MESSAGES.jobTitle);
    expect(firstMessage(ZQuoteRequest.safeParse({ ...valid, location: undefined }))).toBe(
      QUOTE_MESSAGES.location,
    );
    expect(firstMessage(ZQuoteRequest.safeParse({ ...valid, contactEmail: 'x@' }))).toBe(
      QUOTE_MESSAGES.contactEmail,
    );
    expect(firstMessage(ZQuoteRequest.safeParse({ ...valid, preferredDate: '2030-13-01' }))).toBe(
      QUOTE_MESSAGES.preferredDate,
    );
  });
});

describe('business profiles', () => {
  const valid = {
    businessName: 'Acme Roofing',
    specialty: 'Roofing',
    serviceAreas: ['Leeds', 'Leeds', 'York'],
  };

  it('needs a known specialty and at least one service area, any UK place by name (the server checks it)', () => {
    expect(ZContractorProfileContent.safeParse({ ...valid, serviceAreas: ['Leeds'] }).success).toBe(true);
    // Issue 17: areas are places, no longer one of ten cities; whether a place exists is the server's check.
    expect(
      ZContractorProfileContent.parse({ ...valid, serviceAreas: [' York ', 'york', 'IP4'] }),
    ).toMatchObject({
      serviceAreas: ['York', 'IP4'],
    });
    for (const serviceAreas of [[], ['  '], [42]])
      expect(
        firstMessage(ZContractorProfileContent.safeParse({ ...valid, serviceAreas })),
        String(serviceAreas),
      ).toBe(PROFILE_MESSAGES.serviceAreas);
    expect(
      ZContractorProfileContent.safeParse({
        ...valid,
        serviceAreas: Array.from({ length: 21 }, (_, i) => `E${i + 1}`),
      }).success,
    ).toBe(false);
    expect(
      firstMessage(
        ZContractorProfileContent.safeParse({ ...valid, serviceAreas: ['Leeds'], specialty: 'Magic' }),
      ),
    ).toBe(PROFILE_MESSAGES.specialty);
  });

  it('assumes https for a website typed without a scheme and refuses anything but a web address', () => {
    const parse = (website: string) =>
      ZContractorProfileContent.safeParse({ ...valid, serviceAreas: ['Leeds'], website });
    expect(parse('www.acme-roofing.example').data?.website).toBe('https://www.acme-roofing.example/');
    expect(parse('http://acme.example/about').data?.website).toBe('http://acme.example/about');
    expect(parse('').data?.website).toBeNull();
    for (const bad of ['javascript:alert(1)', 'ftp://acme.example', 'acme', 'https://user:pw@acme.example']) {
      expect(firstMessage(parse(bad)), bad).toBe(PROFILE_MESSAGES.website);
    }
  });

  it('lists services and areas once each and fills the defaults the seed leaves out', () => {
    const content = ZContractorProfileContent.parse({
      businessName: 'Fraser Joinery',
      specialty: 'Carpentry & Joinery',
      serviceAreas: ['Edinburgh', 'Edinburgh'],
      services: ['Doors', 'Doors', 'Stairs'],
      website: null,
      description: null,
    });
    expect(content).toMatchObject({
      services: ['Doors', 'Stairs'],
      serviceAreas: ['Edinburgh'],
      description: '',
      emergencyCallouts: false,
      images: [],
      experienceYears: null,
      email: null,
    });
  });

  it('takes no other fields in a request (verified or status cannot be sent)', () => {
    expect(
      ZContractorProfileRequest.safeParse({ ...valid, serviceAreas: ['Leeds'], verified: true }).success,
    ).toBe(false);
  });
});

describe('lead status colours', () => {
  it('is green for active, yellow for pending and grey for every other status', () => {
    expect(leadStatusTone('active')).toBe('green');
    expect(leadStatusTone('pending')).toBe('yellow');
    for (const status of ['won', 'lost', 'closed', 'something']) expect(leadStatusTone(status)).toBe('grey');
  });
});
