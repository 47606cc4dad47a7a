// Static marketing samples for the landing page (doc 1 "Landing page": three featured sample listings
// and a sample contractor directory of four cards). Photos are the demo set in public/demo/photos
// (credits in public/demo/photos/CREDITS.md); each is served at 480 and 1200 px wide.
import type { AvailabilityFacts } from '../../../../domain/availability';
import type { PropertyType, SERVICE_AREAS, SPECIALTIES } from '../../../../domain/constants';

export interface SampleListing {
  id: string;
  title: string;
  district: string;
  outcode: string;
  rentPence: number;
  bedrooms: number;
  bathrooms: number;
  propertyType: PropertyType;
  /** What the availability badge reads, by the one rule (src/domain/availability.ts). */
  availability: AvailabilityFacts;
  photo: string;
  photoAlt: string;
  /** A real listing's thumbnail and page (featured homes); samples use the demo photos and link to the search. */
  photoUrl?: string;
  href?: string;
}

export interface SampleContractor {
  id: string;
  businessName: string;
  specialty: (typeof SPECIALTIES)[number];
  serviceAreas: [(typeof SERVICE_AREAS)[number], (typeof SERVICE_AREAS)[number]];
  rating: number;
  reviewCount: number;
  yearsTrading: number;
  summary: string;
}

export const SAMPLE_LISTINGS: SampleListing[] = [
  {
    id: 'sample-islington-flat',
    title: 'Bright two-bedroom flat near Upper Street',
    district: 'Islington, London',
    outcode: 'N1',
    rentPence: 165000,
    bedrooms: 2,
    bathrooms: 1,
    propertyType: 'apartment',
    availability: { availableFrom: null },
    photo: 'exterior-flats-02',
    photoAlt: 'Modern block of flats with balconies',
  },
  {
    id: 'sample-chorlton-terrace',
    title: 'Three-bedroom Victorian terrace with garden',
    district: 'Chorlton, Manchester',
    outcode: 'M21',
    rentPence: 125000,
    bedrooms: 3,
    bathrooms: 2,
    propertyType: 'house',
    availability: { availableFrom: '2099-01-01' },
    photo: 'exterior-terrace-01',
    photoAlt: 'Row of brick terraced houses on a quiet street',
  },
  {
    id: 'sample-clifton-studio',
    title: 'Light-filled studio close to the harbourside',
    district: 'Clifton, Bristol',
    outcode: 'BS8',
    rentPence: 95000,
    bedrooms: 0,
    bathrooms: 1,
    propertyType: 'studio',
    availability: { availableFrom: null },
    photo: 'interior-living-02',
    photoAlt: 'Furnished living area with sofa and large window',
  },
];

export const SAMPLE_CONTRACTORS: SampleContractor[] = [
  {
    id: 'sample-hartley-plumbing',
    businessName: 'Hartley Plumbing & Heating',
    specialty: 'Plumbing & Heating',
    serviceAreas: ['London', 'Bristol'],
    rating: 4.9,
    reviewCount: 126,
    yearsTrading: 14,
    summary: 'Gas Safe boiler servicing, landlord gas safety certificates and emergency leak repairs.',
  },
  {
    id: 'sample-brightwire-electrical',
    businessName: 'Brightwire Electrical',
    specialty: 'Electrical Services',
    serviceAreas: ['Manchester', 'Leeds'],
    rating: 4.8,
    reviewCount: 94,
    yearsTrading: 9,
    summary: 'EICR inspections for rented homes, consumer unit upgrades and smoke alarm installs.',
  },
  {
    id: 'sample-oak-grain-joinery',
    businessName: 'Oak & Grain Joinery',
    specialty: 'Carpentry & Joinery',
    serviceAreas: ['Birmingham', 'Sheffield'],
    rating: 4.7,
    reviewCount: 58,
    yearsTrading: 11,
    summary: 'Fitted kitchens, doors and sash window repairs between tenancies, done to a schedule.',
  },
  {
    id: 'sample-northern-roofing',
    businessName: 'Northern Roofing Co.',
    specialty: 'Roofing',
    serviceAreas: ['Glasgow', 'Edinburgh'],
    rating: 4.9,
    reviewCount: 73,
    yearsTrading: 18,
    summary: 'Slate and tile repairs, flat roofs and guttering, with photo reports for landlords.',
  },
];

export function samplePhoto(name: string) {
  return {
    src: `/demo/photos/${name}-480.webp`,
    srcSet: `/demo/photos/${name}-480.webp 480w, /demo/photos/${name}-1200.webp 1200w`,
  };
}
