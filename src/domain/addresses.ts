// What of a home's address each person sees (issue 30, decision 0058). Visitors and members see the street and the
// postcode district; the house or flat number and the full postcode are for the tenant with a confirmed viewing, the
// landlord and admins. The landlord types the address as free text ("Flat 3, Kingsway House, 12a Park Road, Leeds"),
// so the public form is derived here. It is stored with the listing (`properties.public_street`, written with the
// address) for the cards and the keyword index; the detail derives it again for the viewer it is shown to.

/** Who the address is shown to in full: a confirmed viewing's tenant, the landlord, an admin. */
export type AddressPrecision = 'full' | 'street';

/** A full UK postcode anywhere in a text ("LS1 4AP", "ls14ap"). */
const FULL_POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b/gi;

/**
 * A house or flat number: "12", "12a", "12-14", "12 - 14", "12/3" (a Scottish flat), "2F1" (an Edinburgh flat),
 * "No. 12", "#4". Not "1st" or "2nd", which are words of a street's name.
 */
const NUMBER = String.raw`(?:(?:no\.?|number|#)\s*)?\d+[a-z]?(?:\s*(?:[-–/]|f)\s*\d+[a-z]?)*`;

/** The words that name a part of a building ("Flat 3", "Unit 2", "Apartment 4B", "Room 1"), with their number. */
const UNIT_WORDS =
  'flat|apartment|apt|unit|room|suite|studio|maisonette|penthouse|floor|block|plot|house|building|bedsit|annex|annexe|cottage|level|lot';
const UNIT = new RegExp(String.raw`^(?:${UNIT_WORDS})\.?\s*(?:${NUMBER}|[a-z])\b[\s,.:;-]*`, 'i');
/** "Ground floor", "First floor flat", "Top floor", "Basement flat": which floor is as telling as a number. */
const FLOOR =
  /^(?:ground|lower ground|upper ground|first|second|third|fourth|fifth|top|upper|lower|basement|garden)\s+(?:floor\s+)?(?:flat|floor|maisonette|apartment)\b[\s,.:;-]*/i;
const LEADING_NUMBER = new RegExp(String.raw`^${NUMBER}\b[\s,.:;-]*`, 'i');
/** A number standing alone anywhere in a part ("Kingsway House 12 Park Road"), once the leading ones are gone. */
const LONE_NUMBER = new RegExp(String.raw`(?:^|\s)${NUMBER}(?=\s|$)`, 'gi');

/** The last word of a street's name: a part ending with one is the street even without a number before it. */
const STREET_SUFFIXES = new Set(
  [
    'road',
    'rd',
    'street',
    'st',
    'avenue',
    'ave',
    'lane',
    'ln',
    'close',
    'drive',
    'dr',
    'way',
    'place',
    'pl',
    'crescent',
    'cres',
    'court',
    'ct',
    'gardens',
    'gdns',
    'grove',
    'gr',
    'terrace',
    'tce',
    'square',
    'sq',
    'hill',
    'row',
    'walk',
    'mews',
    'parade',
    'park',
    'rise',
    'view',
    'vale',
    'green',
    'yard',
    'wharf',
    'quay',
    'boulevard',
    'approach',
    'circus',
    'croft',
    'fold',
    'gate',
    'wynd',
    'brae',
    'loan',
    'vennel',
    'heights',
    'embankment',
    'esplanade',
    'promenade',
    'broadway',
    'mount',
    'meadow',
    'meadows',
    'chase',
    'glade',
    'side',
    'end',
    'bank',
    'path',
    'passage',
    'alley',
    'highway',
    'market',
    'circle',
    'crossing',
  ].map((word) => word.toLowerCase()),
);

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.:;–-]+|[\s,.:;–-]+$/g, '')
    .trim();

/**
 * A part with its leading unit words ("Flat 3") and house numbers ("12a") taken off; `house` says a house number
 * was among them (a part that only loses "Apartment 12" is a building's name: "Apartment 12 The Exchange").
 */
function stripNumbers(part: string): { rest: string; house: boolean } {
  let rest = tidy(part);
  let house = false;
  for (;;) {
    const before = rest;
    rest = tidy(rest.replace(UNIT, '').replace(FLOOR, ''));
    const unnumbered = tidy(rest.replace(LEADING_NUMBER, ''));
    if (unnumbered !== rest) house = true;
    rest = unnumbered;
    if (rest === before) break;
  }
  // A number inside the part comes before its street ("Kingsway House 12 Park Road"): what follows the last one is
  // the street. A number at the end ("Park Road 12") is dropped.
  const numbers = [...rest.matchAll(LONE_NUMBER)];
  const last = numbers[numbers.length - 1];
  if (!last) return { rest, house };
  const after = tidy(rest.slice((last.index ?? 0) + last[0].length));
  return { rest: /[a-z]/i.test(after) ? after : tidy(rest.replace(LONE_NUMBER, ' ')), house: true };
}

function endsWithStreetWord(text: string): boolean {
  const words = text.toLowerCase().replace(/\./g, '').split(' ');
  const last = words[words.length - 1];
  return words.length >= 2 && !!last && STREET_SUFFIXES.has(last);
}

/**
 * The street and what follows it ("Park Road, Leeds") of a free-text address, without the house or flat number,
 * the flat's or the building's name, or a postcode typed into it:
 * - "Flat 3, Kingsway House, 12a Park Road, Leeds" → "Park Road, Leeds"
 * - "12 Park Row, Leeds" → "Park Row, Leeds"; "Unit 2, Mill Yard" → "Mill Yard"
 * - "Rose Cottage, Church Lane, Leeds" → "Church Lane, Leeds" (a house's name is as telling as its number)
 * The street is the first part that had a house number in front of it or ends with a street word ("Road", "Lane").
 * When no part is recognisably a street, only the parts after the first are kept, each without numbers: a house
 * name or building, which usually comes first, is not shown. Empty when nothing safe is left.
 */
export function publicStreet(address: string): string {
  const parts = address
    .replace(FULL_POSTCODE, ' ')
    .split(/[,\n;]+/)
    .map(tidy)
    .filter(Boolean);
  const stripped = parts.map(stripNumbers);
  const street = stripped.findIndex(
    ({ rest, house }) => /[a-z]/i.test(rest) && (house || endsWithStreetWord(rest)),
  );
  const kept = street >= 0 ? stripped.slice(street) : stripped.slice(1);
  return kept
    .map(({ rest }) => rest)
    .filter((rest) => /[a-z]/i.test(rest))
    .join(', ');
}

/** "LS1 4AP" → "LS1": the postcode district, which anyone may see. */
export function postcodeDistrict(postcode: string, outcode: string): string {
  return outcode || tidy(postcode).split(' ')[0] || '';
}

/** The address and postcode as this person may see them. */
export function addressFor(
  home: { address: string; postcode: string; outcode: string },
  precision: AddressPrecision,
): { address: string; postcode: string; addressPrecision: AddressPrecision } {
  if (precision === 'full')
    return { address: home.address, postcode: home.postcode, addressPrecision: 'full' };
  return {
    address: publicStreet(home.address),
    postcode: postcodeDistrict(home.postcode, home.outcode),
    addressPrecision: 'street',
  };
}

/** A word of a search that could only match a house number or a postcode's inward code ("12", "12a", "4AP"). */
const PRIVATE_WORD = /^(?:\d+[a-z]?(?:[-/]\d+[a-z]?)*|\d[a-z]{2})$/i;

/**
 * Keywords as the full-text search may use them: a full postcode becomes its district ("LS1 4AP" → "LS1"), and a
 * bare number or inward code is dropped. The index holds only the public street and district (migration 0021), so
 * these could not match anyway; dropping them keeps "12 Park Road" finding the homes on Park Road.
 */
export function publicSearchText(text: string): string {
  return text
    .replace(FULL_POSTCODE, (postcode) => postcode.replace(/\s*\d[A-Z]{2}$/i, ''))
    .split(/\s+/)
    .filter((word) => word && !PRIVATE_WORD.test(word.replace(/^["'(,.]+|["'),.;:!?]+$/g, '')))
    .join(' ');
}

/** What a listing page says under the address when it is not shown in full. */
export const STREET_ONLY_NOTE =
  'The house or flat number and full postcode are shared once the landlord confirms your viewing.';
