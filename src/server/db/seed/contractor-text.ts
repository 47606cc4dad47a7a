// Trade vocabulary for seeded contractors: business names, services, descriptions and reviews per specialty.
import type { SERVICE_AREAS, SPECIALTIES } from '../../../domain/constants';
import { SURNAMES } from './names';
import type { Random } from './random';

type Specialty = (typeof SPECIALTIES)[number];
type ServiceArea = (typeof SERVICE_AREAS)[number];

interface Trade {
  /** Words a business name ends with. */
  names: string[];
  /** What the trade is called in a sentence. */
  noun: string;
  services: string[];
  /** Jobs customers mention in reviews. */
  jobs: string[];
  pitch: string[];
  /** Share of firms offering emergency call-outs. */
  emergencyOdds: number;
}

export const TRADES: Record<Specialty, Trade> = {
  'Plumbing & Heating': {
    names: ['Plumbing', 'Plumbing & Heating', 'Heating', 'Gas & Plumbing'],
    noun: 'plumbing and heating',
    services: [
      'Boiler installation',
      'Boiler servicing',
      'Central heating repairs',
      'Leak detection',
      'Bathroom installation',
      'Radiator fitting',
      'Gas safety certificates',
      'Drain unblocking',
    ],
    jobs: [
      'boiler service',
      'radiator replacement',
      'new combi boiler',
      'bathroom refit',
      'burst pipe repair',
    ],
    pitch: [
      'We service and repair all major boiler makes.',
      'Landlord gas safety certificates issued the same day.',
    ],
    emergencyOdds: 0.55,
  },
  'Electrical Services': {
    names: ['Electrical', 'Electrics', 'Electrical Services', 'Electrical Contractors'],
    noun: 'electrical',
    services: [
      'Full rewiring',
      'Consumer unit upgrades',
      'EICR landlord certificates',
      'Lighting installation',
      'EV charger installation',
      'Sockets and switches',
      'Fault finding',
      'PAT testing',
    ],
    jobs: ['consumer unit upgrade', 'rewire', 'new lighting', 'EICR', 'EV charger'],
    pitch: [
      'Electrical installation condition reports for landlords, usually within the week.',
      'From a single socket to a full rewire.',
    ],
    emergencyOdds: 0.5,
  },
  'Carpentry & Joinery': {
    names: ['Carpentry', 'Joinery', 'Carpentry & Joinery', 'Joinery Services'],
    noun: 'carpentry and joinery',
    services: [
      'Fitted wardrobes',
      'Kitchen fitting',
      'Door hanging',
      'Skirting and architraves',
      'Staircase repairs',
      'Decking',
      'Flooring installation',
      'Bespoke shelving',
    ],
    jobs: ['fitted wardrobes', 'new internal doors', 'kitchen fit', 'decking', 'staircase repair'],
    pitch: ['Bespoke furniture made in our own workshop.', 'Careful, tidy work in occupied homes.'],
    emergencyOdds: 0.15,
  },
  'General Building': {
    names: ['Builders', 'Building Services', 'Construction', 'Building & Maintenance'],
    noun: 'building',
    services: [
      'Extensions',
      'Loft conversions',
      'Structural alterations',
      'Brickwork and repointing',
      'Plastering',
      'Damp proofing',
      'Garage conversions',
      'Property maintenance',
    ],
    jobs: ['kitchen extension', 'loft conversion', 'repointing', 'damp treatment', 'garage conversion'],
    pitch: [
      'We manage the whole project, from plans and building control to the final snagging.',
      'Planned maintenance for landlords and letting agents.',
    ],
    emergencyOdds: 0.2,
  },
  'Painting & Decorating': {
    names: ['Decorators', 'Painting & Decorating', 'Decorating', 'Painters'],
    noun: 'painting and decorating',
    services: [
      'Interior painting',
      'Exterior painting',
      'Wallpapering',
      'Wood staining and varnishing',
      'Plaster skimming',
      'End-of-tenancy redecoration',
      'Spray painting',
      'Feature walls',
    ],
    jobs: [
      'living room repaint',
      'exterior paintwork',
      'wallpapering',
      'end-of-tenancy redecoration',
      'hallway and stairs',
    ],
    pitch: [
      'Quick turnarounds between tenancies.',
      'Dust sheets down, furniture protected and everything left spotless.',
    ],
    emergencyOdds: 0.08,
  },
  Roofing: {
    names: ['Roofing', 'Roofing Services', 'Roofers', 'Roofing & Guttering'],
    noun: 'roofing',
    services: [
      'Roof repairs',
      'New roofs',
      'Flat roofing',
      'Guttering and fascias',
      'Chimney repairs',
      'Lead work',
      'Roof inspections',
      'Moss removal',
    ],
    jobs: ['roof tile repair', 'new flat roof', 'guttering', 'chimney repair', 'roof leak repair'],
    pitch: [
      'Drone roof surveys with photos, so you see what we see.',
      'Storm damage repairs and insurance work.',
    ],
    emergencyOdds: 0.55,
  },
  Landscaping: {
    names: ['Landscaping', 'Gardens', 'Landscapes', 'Garden Services'],
    noun: 'landscaping and garden',
    services: [
      'Garden design',
      'Turfing',
      'Patios and paving',
      'Fencing',
      'Hedge cutting',
      'Tree surgery',
      'Garden clearance',
      'Artificial grass',
    ],
    jobs: ['new patio', 'fencing', 'garden clearance', 'turfing', 'hedge cutting'],
    pitch: [
      'Regular maintenance for rental properties and communal gardens.',
      'From a tidy-up to a complete redesign.',
    ],
    emergencyOdds: 0.08,
  },
  'Cleaning Services': {
    names: ['Cleaning', 'Cleaning Services', 'Cleaners', 'Cleaning Co'],
    noun: 'cleaning',
    services: [
      'End-of-tenancy cleaning',
      'Deep cleaning',
      'Regular domestic cleaning',
      'Carpet cleaning',
      'Oven cleaning',
      'Window cleaning',
      'After-builders cleaning',
      'Office cleaning',
    ],
    jobs: ['end-of-tenancy clean', 'deep clean', 'carpet clean', 'oven clean', 'after-builders clean'],
    pitch: [
      'End-of-tenancy cleans to inventory standard, with a free re-clean if anything is missed.',
      'Our own equipment and eco-friendly products.',
    ],
    emergencyOdds: 0.1,
  },
};

/** Neighbouring service areas, so a firm's extra areas are ones it could plausibly reach. */
export const NEARBY_AREAS: Record<ServiceArea, ServiceArea[]> = {
  London: ['Birmingham', 'Bristol'],
  Manchester: ['Liverpool', 'Leeds', 'Sheffield'],
  Birmingham: ['London', 'Bristol', 'Manchester'],
  Leeds: ['Sheffield', 'Manchester'],
  Glasgow: ['Edinburgh'],
  Liverpool: ['Manchester', 'Leeds'],
  Bristol: ['Cardiff', 'Birmingham'],
  Sheffield: ['Leeds', 'Manchester'],
  Edinburgh: ['Glasgow'],
  Cardiff: ['Bristol'],
};

/**
 * Ofcom's numbers reserved for drama (never allocated to anyone), so no demo number rings a real phone:
 * 020 7946 0xxx, 0161 496 0xxx, ... and mobiles 07700 900xxx.
 */
const DRAMA_LANDLINES: Record<ServiceArea, string> = {
  London: '020 7946 0',
  Manchester: '0161 496 0',
  Birmingham: '0121 496 0',
  Leeds: '0113 496 0',
  Glasgow: '0141 496 0',
  Liverpool: '0151 496 0',
  Bristol: '0117 496 0',
  Sheffield: '0114 496 0',
  Edinburgh: '0131 496 0',
  Cardiff: '029 2018 0',
};

export function tradePhone(random: Random, area: ServiceArea): string {
  const tail = String(random.int(0, 999)).padStart(3, '0');
  return random.chance(0.55) ? `${DRAMA_LANDLINES[area]}${tail}` : `07700 900${tail}`;
}

const NAME_PREFIXES = [
  'Premier',
  'Reliable',
  'Apex',
  'Precision',
  'Trusted',
  'Summit',
  'Crown',
  'Ace',
  'First Call',
  'Swift',
  'Keystone',
  'Oakwood',
  'Citywide',
  'Bluebell',
  'Northstar',
  'Greenway',
];

export function businessName(
  random: Random,
  specialty: Specialty,
  area: ServiceArea,
  owner: { firstName: string; lastName: string },
): string {
  const trade = random.pick(TRADES[specialty].names);
  const name = random.weighted<() => string>([
    [() => `${owner.lastName} & Sons ${trade}`, 14],
    [() => `${owner.lastName} ${trade}`, 24],
    [() => `${area} ${trade}`, 12],
    [() => `${random.pick(NAME_PREFIXES)} ${trade}`, 20],
    [() => `${owner.firstName} ${owner.lastName} ${trade}`, 10],
    [() => `${owner.lastName} Bros ${trade}`, 6],
    [() => `${owner.lastName} & ${random.pick(SURNAMES)} ${trade}`, 10],
  ])();
  return random.chance(0.2) ? `${name} Ltd` : name;
}

export function contractorDescription(
  random: Random,
  specialty: Specialty,
  areas: readonly string[],
  experienceYears: number,
  emergency: boolean,
): string {
  const trade = TRADES[specialty];
  const where =
    areas.length > 1 ? `${areas.slice(0, -1).join(', ')} and ${areas[areas.length - 1]}` : areas[0];
  const sentences = [
    random.pick([
      `Family-run ${trade.noun} business covering ${where}, with ${experienceYears} years in the trade.`,
      `Independent ${trade.noun} specialists serving ${where} for over ${experienceYears} years.`,
      `Friendly, reliable ${trade.noun} services across ${where}.`,
    ]),
    random.pick(trade.pitch),
  ];
  if (emergency) sentences.push('24-hour emergency call-outs available.');
  // No accreditation sentence: a registration or insurance is claimed only through an admin's recorded check.
  if (random.chance(0.4)) sentences.push('Landlord and letting agent work welcome.');
  return sentences.join(' ');
}

/**
 * A review is an opening, what happened and a closing line for its star rating, so a profile with a dozen
 * reviews reads like a dozen customers (issue 12: no text repeated on one profile). {job} and {first} are filled in.
 */
const REVIEW_PARTS: Record<number, { open: string[]; middle: string[]; close: string[] }> = {
  5: {
    open: [
      'Excellent job on our {job}.',
      "Couldn't recommend more highly.",
      'Brilliant service from start to finish.',
      'Fantastic work on the {job}.',
      'Really pleased with the {job}.',
      'Second time we have used them, and just as good as the first.',
      'First-class work on the {job}.',
      'Could not fault them.',
    ],
    middle: [
      'Turned up on time and kept everything tidy.',
      '{first} sorted our {job} in a morning.',
      'A clear quote up front and no surprises on the bill.',
      'Explained what needed doing and why before starting.',
      'Sent photos of the finished {job} for our records.',
      'Fitted us in within the week when others could not.',
      'Worked around our tenants and left the place spotless.',
      'Quick to reply and arrived exactly when promised.',
    ],
    close: [
      'The price was fair.',
      'Our landlord was impressed too.',
      'Already booked them for the next job.',
      'Will definitely use again.',
      'Five stars well earned.',
      '',
    ],
  },
  4: {
    open: [
      'Good work on the {job}.',
      'Reliable and friendly.',
      'Happy with the {job}.',
      'Solid, tidy work on the {job}.',
      'Did a good job overall.',
      'Pleased with how the {job} turned out.',
    ],
    middle: [
      'It took a day longer than planned.',
      'Fair price, though it took a while to get a date.',
      'Communication could have been a little better.',
      'One small snag, fixed on a return visit without fuss.',
      'Needed a reminder to send the certificate.',
      'Arrived a little late but worked hard all day.',
    ],
    close: ['Would use again.', 'Would recommend.', 'No complaints about the finish.', ''],
  },
  3: {
    open: ['The {job} is fine.', 'Decent work.', 'OK overall.', 'Mixed experience with our {job}.'],
    middle: [
      'We had to chase for updates.',
      'A bit pricey for what it was.',
      'Arrived late, but the work was done properly.',
      'The quote went up once they started.',
      'Took three visits to finish.',
    ],
    close: ['Might use again for small jobs.', 'Not sure we would book again.', ''],
  },
  2: {
    open: ['Disappointing.', 'Not what we hoped for.', 'Poor communication throughout.'],
    middle: [
      'Arrived late twice and the {job} needed a second visit.',
      'Work was rushed and we had to ask them back to finish the {job}.',
      'The {job} took a week longer than agreed.',
      'Left a mess that our tenants had to clear up.',
    ],
    close: ['Would not use again.', 'Expected better for the price.', ''],
  },
  1: {
    open: ['Avoid.', 'Very poor experience.', 'Would give no stars if we could.'],
    middle: [
      'Never turned up for the second appointment.',
      'Took a deposit and stopped answering calls.',
      'The {job} failed within a month.',
    ],
    close: ['We had to find someone else to finish the {job}.', 'Still waiting for a refund.', ''],
  },
};

export function reviewComment(
  random: Random,
  specialty: Specialty,
  rating: number,
  ownerFirstName: string,
): string {
  const parts = REVIEW_PARTS[rating];
  const job = random.pick(TRADES[specialty].jobs);
  return [random.pick(parts.open), random.pick(parts.middle), random.pick(parts.close)]
    .filter(Boolean)
    .join(' ')
    .replaceAll('{job}', job)
    .replaceAll('{first}', ownerFirstName);
}
