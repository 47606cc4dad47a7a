// The request mix for `npm run bench`: a fixed set of distinct searches drawn with a Zipf distribution, so a
// few popular searches repeat often and a long tail is rare, as on a real property site.
import { PROPERTY_TYPES } from '../../src/domain/constants';
import { createRandom } from '../../src/server/db/seed/random';

/** A seeded PRNG (the demo data's mulberry32): the same seed gives the same mix on every run. */
export function seededRandom(seed: number): () => number {
  return createRandom(seed).next;
}

/**
 * Draws ranks 0..n-1 with P(rank k) ∝ 1 / (k + 1)^s, by binary search over the cumulative weights.
 * s ≈ 1 is the classic shape of search popularity.
 */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  if (!Number.isInteger(n) || n < 1) throw new Error('n must be a positive whole number');
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / (k + 1) ** s;
    cumulative[k] = sum;
  }
  return () => {
    const target = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

/** The nearest-rank percentile of ascending numbers. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/** What the database holds that searches can ask for: real districts, areas and towns. */
export interface SearchVocabulary {
  outcodes: string[];
  areas: string[];
  towns: string[];
}

const WORDS = ['garden', 'parking', 'balcony', 'station', 'furnished', 'garden parking', 'pets'];
const SORTS = ['newest', 'newest', 'newest', 'newest', 'rent_asc', 'rent_desc'];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/**
 * `count` distinct search query strings (without the leading `?`), most popular first. Shapes follow what
 * people do: most pick a place, many a type or a bedroom count, some a rent range, a few type words.
 */
export function searchQueries(vocabulary: SearchVocabulary, count: number, seed = 20261122): string[] {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const queries: string[] = [];
  // The most popular search of all: the default page.
  seen.add('');
  queries.push('');
  let attempts = 0;
  while (queries.length < count && attempts < count * 100) {
    attempts += 1;
    const params = new URLSearchParams();
    const place = random();
    if (place < 0.35 && vocabulary.towns.length) params.set('location', pick(random, vocabulary.towns));
    else if (place < 0.6 && vocabulary.outcodes.length)
      params.set('postcode', pick(random, vocabulary.outcodes));
    else if (place < 0.75 && vocabulary.areas.length) params.set('postcode', pick(random, vocabulary.areas));
    if (params.has('postcode') && random() < 0.15) params.set('radius', String(pick(random, [1, 3, 5, 10])));
    if (random() < 0.45) params.set('propertyType', pick(random, PROPERTY_TYPES));
    if (random() < 0.5) params.set('bedrooms', String(1 + Math.floor(random() * 4)));
    if (random() < 0.35) {
      const min = 400 + Math.floor(random() * 12) * 100;
      if (random() < 0.5) params.set('minRent', String(min));
      params.set('maxRent', String(min + 300 + Math.floor(random() * 10) * 100));
    }
    if (random() < 0.08) params.set('q', pick(random, WORDS));
    const sort = pick(random, SORTS);
    if (sort !== 'newest') params.set('sort', sort);
    const query = params.toString();
    if (seen.has(query)) continue;
    seen.add(query);
    queries.push(query);
  }
  return queries;
}

/** The mean reply size of the requests a mix makes, over its first `draws` (the ceiling sends this many bytes:
 * the popular searches count as often as they are asked for, not once each). */
export function meanBytesOfMix(next: () => string, sizes: Map<string, number>, draws = 20_000): number {
  let bytes = 0;
  for (let i = 0; i < draws; i++) {
    const path = next();
    const size = sizes.get(path);
    if (size === undefined) throw new Error(`the survey did not see ${path}`);
    bytes += size;
  }
  return Math.round(bytes / draws);
}
