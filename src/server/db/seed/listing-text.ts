// Titles and descriptions for seeded listings: a handful of sentence pools combined per listing,
// so 10,000 adverts read like adverts and do not repeat word for word.
import type { Random } from './random';

export type HouseStyle = 'terraced' | 'end-of-terrace' | 'semi-detached' | 'detached';

export interface ListingFacts {
  propertyType: 'apartment' | 'house' | 'studio' | 'room';
  bedrooms: number;
  bathrooms: number;
  areaSqm: number;
  /** "flat", "apartment", "maisonette" (apartments) */
  flatNoun: string;
  houseStyle: HouseStyle;
  /** Rooms: in a house share or a flat share; single or double. */
  share: 'house' | 'flat';
  roomSize: 'single' | 'double';
  sharers: number;
  /** "Leeds", or "London SE15" in the cities where the district matters. */
  place: string;
  town: string;
  amenities: string[];
  furnished: 'furnished' | 'part_furnished' | 'unfurnished';
  availableFrom: string | null;
  available: boolean;
  councilTaxBand: string;
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six'];
const TITLE_ADJECTIVES = {
  apartment: [
    'Bright',
    'Spacious',
    'Modern',
    'Stylish',
    'Newly refurbished',
    'Well-presented',
    'Light-filled',
    'Contemporary',
    'Top floor',
    'Ground floor',
  ],
  house: [
    'Spacious',
    'Charming',
    'Well-presented',
    'Newly renovated',
    'Family',
    'Period',
    'Beautifully kept',
    'Extended',
    'Modern',
  ],
  studio: ['Bright', 'Modern', 'Compact', 'Stylish', 'Newly refurbished', 'Cosy', 'Self-contained'],
  room: ['Large', 'Bright', 'Spacious', 'Cosy', 'Furnished', 'Newly decorated'],
} as const;

export function listingTitle(random: Random, f: ListingFacts): string {
  const adjective = random.pick(TITLE_ADJECTIVES[f.propertyType]);
  switch (f.propertyType) {
    case 'apartment':
      return random.chance(0.8)
        ? `${adjective} ${f.bedrooms} bedroom ${f.flatNoun} in ${f.place}`
        : `${f.bedrooms} bedroom ${f.flatNoun} to rent in ${f.place}`;
    case 'house': {
      const house = `${f.houseStyle} house`;
      return random.chance(0.8)
        ? `${adjective} ${f.bedrooms} bedroom ${house} in ${f.place}`
        : `${f.bedrooms} bedroom ${house} to rent in ${f.place}`;
    }
    case 'studio':
      return random.pick([
        `${adjective} studio flat in ${f.place}`,
        `${adjective} studio apartment in ${f.place}`,
        `Studio flat to rent in ${f.place}`,
      ]);
    case 'room': {
      const share = f.share === 'house' ? 'house share' : 'flat share';
      return random.pick([
        `${capitalise(f.roomSize)} room in ${f.sharers}-person ${share} in ${f.place}`,
        `${adjective} ${f.roomSize} room in ${f.place}`,
        `${capitalise(f.roomSize)} room in friendly ${share}, ${f.place}`,
      ]);
    }
  }
}

const FLOORS = ['ground', 'first', 'second', 'third', 'fourth', 'top'];

function opener(random: Random, f: ListingFacts): string {
  const beds = NUMBER_WORDS[f.bedrooms] ?? String(f.bedrooms);
  switch (f.propertyType) {
    case 'apartment':
      return random.pick([
        `A ${beds} bedroom ${f.flatNoun} on the ${random.pick(FLOORS)} floor of a well-kept building in ${f.town}.`,
        `This ${beds} bedroom ${f.flatNoun} offers ${f.areaSqm} square metres of well-planned living space close to ${f.town} centre.`,
        `A ${beds} bedroom ${f.flatNoun} in a popular part of ${f.town}, with ${NUMBER_WORDS[f.bathrooms]} bathroom${f.bathrooms > 1 ? 's' : ''}.`,
        `Set in a converted period building, this ${beds} bedroom ${f.flatNoun} combines high ceilings with a modern finish.`,
        `A purpose-built ${beds} bedroom ${f.flatNoun} with a secure entry system, in a quiet road in ${f.town}.`,
      ]);
    case 'house':
      return random.pick([
        `A ${beds} bedroom ${f.houseStyle} house on a quiet residential street in ${f.town}.`,
        `This ${f.houseStyle} family home has ${beds} bedrooms and ${NUMBER_WORDS[f.bathrooms]} bathroom${f.bathrooms > 1 ? 's' : ''} over ${f.areaSqm} square metres.`,
        `A well-kept ${beds} bedroom ${f.houseStyle} house, close to local schools and parks in ${f.town}.`,
        `A ${f.houseStyle} house with ${beds} good-sized bedrooms, a through lounge and a separate kitchen diner.`,
      ]);
    case 'studio':
      return random.pick([
        `A self-contained studio in ${f.town} with a kitchenette and its own shower room.`,
        `A well laid-out studio of ${f.areaSqm} square metres, ideal for one person.`,
        `This studio flat makes clever use of its space, with a sleeping area, kitchenette and shower room.`,
      ]);
    case 'room':
      return random.pick([
        `A ${f.roomSize} room in a friendly ${f.sharers}-person ${f.share} share in ${f.town}.`,
        `We are looking for a tidy, easy-going person to join our ${f.share} share in ${f.town}; the ${f.roomSize} room is ${f.areaSqm} square metres.`,
        `A ${f.roomSize} bedroom available in a sociable ${f.share} share of ${f.sharers} people.`,
      ]);
  }
}

const INTERIOR: Record<ListingFacts['propertyType'], string[]> = {
  apartment: [
    'The open-plan living room has plenty of natural light and the kitchen comes fully fitted with modern appliances.',
    'Both the kitchen and bathroom were replaced last year.',
    'Large windows give the reception room a bright, airy feel throughout the day.',
    'The main bedroom has built-in wardrobes and the bathroom has a shower over the bath.',
    'Wooden floors run through the living areas, with new carpets in the bedrooms.',
    'The kitchen has a breakfast bar and space for a dining table.',
  ],
  house: [
    'Downstairs there is a bright lounge, a separate dining room and a fitted kitchen leading to the garden.',
    'The kitchen was recently refitted with an integrated oven, hob and plenty of storage.',
    'Upstairs the bedrooms share a modern family bathroom with a shower over the bath.',
    'The house has gas central heating and double glazing throughout.',
    'There is a useful downstairs WC and an understairs cupboard for storage.',
    'The rear garden is mostly laid to lawn with a patio, ideal for summer evenings.',
  ],
  studio: [
    'The kitchenette has a two-ring hob, combination microwave and fridge.',
    'A large window gives the room good natural light.',
    'There is built-in storage and a fold-down desk for working from home.',
    'The shower room was refitted recently and has a heated towel rail.',
  ],
  room: [
    'The room comes with a double bed, wardrobe, chest of drawers and a desk.',
    'Housemates share a large kitchen, a lounge and two bathrooms.',
    'A cleaner comes every fortnight for the shared areas.',
    'The house is quiet during the week and sociable at weekends.',
  ],
};

const LOCATION = [
  "Local shops, cafés and a supermarket are within a few minutes' walk.",
  'Regular buses run into {town} centre and the station is close by.',
  'The property is close to a park, a gym and a good choice of restaurants.',
  'Good road links, with easy access to the motorway network.',
  'It is well placed for local schools, a GP surgery and the high street.',
  "The nearest station is around ten minutes' walk away.",
  'Handy for the universities, hospitals and the city centre.',
];

const FURNISHING = {
  furnished: ['It is offered fully furnished.', 'It comes furnished, ready to move into.'],
  part_furnished: [
    'It is offered part furnished, with white goods and some storage.',
    'Offered part furnished.',
  ],
  unfurnished: ['It is offered unfurnished, apart from white goods.', 'Offered unfurnished.'],
} as const;

const CLOSING = [
  'Sorry, no smokers.',
  'Viewings are highly recommended.',
  'References and a credit check are required.',
  'Long lets considered.',
  'Please get in touch to arrange a viewing.',
];

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function amenityPhrase(amenity: string): string {
  switch (amenity) {
    case 'WiFi':
      return 'fast WiFi';
    case 'Parking':
      return 'off-street parking';
    case 'Pets allowed':
      return 'a pet-friendly landlord';
    case 'Lift':
      return 'a lift';
    case 'Gym':
      return 'a residents’ gym';
    case 'Garden':
      return 'a garden';
    case 'Balcony':
      return 'a balcony';
    case 'Bike storage':
      return 'secure bike storage';
    default:
      return `a ${amenity.toLowerCase()}`;
  }
}

export function listingDescription(random: Random, f: ListingFacts): string {
  const sentences = [opener(random, f), ...random.sample(INTERIOR[f.propertyType], random.int(1, 2))];
  if (f.amenities.length > 0) {
    sentences.push(
      `Features include ${listJoin(random.shuffle(f.amenities).slice(0, 4).map(amenityPhrase))}.`,
    );
  }
  sentences.push(random.pick(LOCATION).replace('{town}', f.town));
  sentences.push(random.pick(FURNISHING[f.furnished]));
  if (f.propertyType === 'room' && random.chance(0.6)) sentences.push('All bills are included in the rent.');
  if (f.available && f.availableFrom) {
    const [year, month, day] = f.availableFrom.split('-').map(Number);
    sentences.push(`Available from ${day} ${MONTHS[month - 1]} ${year}.`);
  } else if (f.available) {
    sentences.push('Available now.');
  }
  if (random.chance(0.4)) sentences.push(`Council tax band ${f.councilTaxBand}.`);
  if (random.chance(0.5)) sentences.push(random.pick(CLOSING));
  return sentences.join(' ');
}
