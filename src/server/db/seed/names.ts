// Word lists for plausible British names and addresses in the demo data.
import type { Random } from './random';

const words = (text: string): readonly string[] => text.trim().split(/\s+/);

export const FIRST_NAMES = words(`
  Oliver George Harry Jack Jacob Noah Charlie Muhammad Thomas Oscar William James Leo Alfie Henry
  Joshua Freddie Archie Ethan Isaac Alexander Joseph Samuel Daniel Logan Edward Lucas Max
  Mohammed Benjamin Arjun Ravi Kwame Tomasz Callum Rhys Owen Euan Finlay Connor Olivia Amelia
  Isla Ava Emily Sophia Grace Mia Poppy Ella Lily Evie Isabella Sophie Ivy Freya Harper Willow
  Charlotte Jessica Chloe Ruby Daisy Alice Florence Hannah Lucy Megan Priya Aisha Fatima Zara
  Anya Niamh Siobhan Eilidh Cerys Ffion Katarzyna Amara
`);

export const SURNAMES = words(`
  Smith Jones Williams Taylor Brown Davies Evans Wilson Thomas Johnson Roberts Robinson Thompson
  Wright Walker White Edwards Hughes Green Hall Lewis Harris Clarke Patel Jackson Wood Turner
  Martin Cooper Hill Ward Morris Moore Clark Lee King Baker Harrison Morgan Allen James Scott
  Phillips Watson Davis Parker Price Bennett Young Griffiths Mitchell Kelly Cook Carter
  Richardson Bailey Collins Bell Shaw Murphy Miller Cox Richards Khan Marshall Anderson Simpson
  Ellis Adams Singh Begum Wilkinson Foster Chapman Powell Webb Rogers Gray Mason Ali Hunt Hussain
  Campbell Matthews Owen Palmer Holmes Mills Barnes Knight Lloyd Butler Russell Barker Fisher
  Stevens Jenkins Murray Dixon Harvey Graham Pearson Ahmed Fletcher Walsh Kaur Gibson Howard
  Andrews Stewart Okafor Nowak Chen MacDonald Reid Fraser Sutherland Quinn Doyle Byrne
`);

export const STREET_NAMES = words(`
  Victoria Church Station Park Queen's King's Albert Mill Grove Manor Orchard Elm Oak Beech
  Chestnut Willow Holly Cedar Windsor Stanley Richmond York Clarence Alexandra Cromwell Nelson
  Wellington Milton Grange Chapel School Meadow Springfield Highfield Kingsway Westbourne Ashley
  Belmont Brook Castle Cambridge Oxford Market Hawthorn Lime Sycamore Rowan Heather Primrose
  Bridge Forest Hillside Riverside Lansdowne Marlborough Salisbury Devonshire Abbey Priory
  Warwick
`);

export const STREET_SUFFIXES = [
  ['Road', 30],
  ['Street', 22],
  ['Avenue', 10],
  ['Lane', 8],
  ['Close', 6],
  ['Gardens', 5],
  ['Crescent', 5],
  ['Terrace', 4],
  ['Way', 4],
  ['Drive', 4],
  ['Place', 3],
  ['Grove', 3],
] as const;

export const BUILDING_NAMES = [
  'Albion House',
  'Victoria Court',
  'The Maltings',
  'Riverside Court',
  'Kingsley House',
  'Mill Quay',
  'Canal Wharf',
  'St James Court',
  'The Foundry',
  'Park View',
  'Regent House',
  'Central Point',
  'Waterside',
  'Carlton Court',
  'The Old Library',
  'Queens Court',
  'Station House',
  'Century Buildings',
] as const;

export function personName(random: Random): { firstName: string; lastName: string } {
  return { firstName: random.pick(FIRST_NAMES), lastName: random.pick(SURNAMES) };
}

export function streetName(random: Random): string {
  return `${random.pick(STREET_NAMES)} ${random.weighted(STREET_SUFFIXES)}`;
}

/** "Smith & Sons Plumbing" → "smith-and-sons-plumbing", for email local parts and demo domains. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
