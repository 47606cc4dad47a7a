// How a content submission reads in the admin's review panel (doc 2 §4): values in words, the title, the photos,
// and an edit's fields beside the live ones in the form's order.
import { describe, expect, it } from 'vitest';
import {
  comparisonRows,
  formatSubmissionValue,
  submissionImages,
  submissionTitle,
} from '../../src/client/features/admin/moderation/submission-details';

describe('a value in words', () => {
  it('shows nothing as a dash', () => {
    for (const nothing of [null, undefined, '', []])
      expect(formatSubmissionValue('title', nothing)).toBe('—');
  });

  it('shows money fields in pounds, and other numbers as they are', () => {
    expect(formatSubmissionValue('monthlyRent', 1250)).toBe('£1,250');
    expect(formatSubmissionValue('deposit', 1442.3)).toBe('£1,442.3');
    expect(formatSubmissionValue('holdingDeposit', 0)).toBe('£0');
    expect(formatSubmissionValue('area', 1250)).toBe('1250');
  });

  it('answers Yes or No, joins lists and spells out choices', () => {
    expect(formatSubmissionValue('available', true)).toBe('Yes');
    expect(formatSubmissionValue('emergencyCallouts', false)).toBe('No');
    expect(formatSubmissionValue('amenities', ['Parking', 'Garden'])).toBe('Parking, Garden');
    expect(formatSubmissionValue('furnished', 'part_furnished')).toBe('Part furnished');
    expect(formatSubmissionValue('serviceAreas', { outcode: 'LS1' })).toBe('{"outcode":"LS1"}');
  });
});

describe('codes and dates as the forms name them (issue 30)', () => {
  it('labels property types and furnishing, and writes a day in words', () => {
    expect(formatSubmissionValue('propertyType', 'house')).toBe('House');
    expect(formatSubmissionValue('propertyType', 'apartment')).toBe('Apartment');
    expect(formatSubmissionValue('furnished', 'unfurnished')).toBe('Unfurnished');
    expect(formatSubmissionValue('availableFrom', '2027-01-05')).toBe('5 January 2027');
    expect(formatSubmissionValue('availableFrom', '2027-01-05T00:00:00.000Z')).toBe('5 January 2027');
  });

  it('shows a code no table knows as it is, and a text field never as a label', () => {
    expect(formatSubmissionValue('propertyType', 'castle')).toBe('castle');
    expect(formatSubmissionValue('availableFrom', 'soon')).toBe('soon');
    expect(formatSubmissionValue('title', 'house')).toBe('house');
    expect(formatSubmissionValue('description', '2027-01-05')).toBe('2027-01-05');
  });
});

describe('a submission’s title and photos', () => {
  it('is the listing’s title or the profile’s business name', () => {
    expect(submissionTitle({ contentType: 'property_listing', contentData: { title: 'Canal flat' } })).toBe(
      'Canal flat',
    );
    expect(
      submissionTitle({ contentType: 'contractor_profile', contentData: { businessName: 'Ada Plumbing' } }),
    ).toBe('Ada Plumbing');
    expect(submissionTitle({ contentType: 'property_listing', contentData: { businessName: 'x' } })).toBe(
      'Untitled',
    );
    expect(submissionTitle({ contentType: 'property_listing', contentData: { title: '' } })).toBe('Untitled');
  });

  it('takes only the URLs from the images', () => {
    expect(submissionImages({ images: ['/a.webp', 3, null, '/b.webp'] })).toEqual(['/a.webp', '/b.webp']);
    expect(submissionImages({ images: 'not a list' })).toEqual([]);
    expect(submissionImages(null)).toEqual([]);
  });
});

describe('the comparison of an edit with the live record', () => {
  it('lists a new submission’s fields in the form’s order, photos apart, with no live column', () => {
    // jsonb gives keys back sorted by length.
    const rows = comparisonRows({ area: 64, title: 'Flat', images: ['/a.webp'], postcode: 'LS1 4AP' }, null);
    expect(rows.map((row) => row.label)).toEqual(['Title', 'Area (m²)', 'Postcode']);
    expect(rows.every((row) => row.now === null && !row.changed)).toBe(true);
  });

  it('marks the fields an edit changes, including ones it adds or removes', () => {
    const rows = comparisonRows(
      { title: 'Flat', monthlyRent: 1300, furnished: 'furnished' },
      { title: 'Flat', monthlyRent: 1250, epcRating: 'C' },
    );
    expect(rows).toEqual([
      { key: 'title', label: 'Title', now: 'Flat', next: 'Flat', changed: false },
      { key: 'monthlyRent', label: 'Monthly rent', now: '£1,250', next: '£1,300', changed: true },
      { key: 'epcRating', label: 'EPC rating', now: 'C', next: '—', changed: true },
      { key: 'furnished', label: 'Furnished', now: '—', next: 'Furnished', changed: true },
    ]);
  });

  it('puts fields no form knows last, under their own names', () => {
    const rows = comparisonRows({ legacyNote: 'x', title: 'Flat' }, null);
    expect(rows.map((row) => row.label)).toEqual(['Title', 'legacyNote']);
  });
});
