// Seeded contractors over every specialty and service area, with reviews whose totals match exactly, each review
// from a seeded person whose quote request the trade answered (issue 28: no review without one), plus the demo
// contractor's own profile and leads (the ones it answered answered in their conversations, so its response time is
// measured), and a profile awaiting review. No seeded trade is "Verified": only an admin's recorded check makes one.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SERVICE_AREAS, SPECIALTIES } from '../../../domain/constants';
import { openMissingLeadConversations } from '../../features/conversations/queries';
import { contractors, conversations, leads, messages, reviews } from '../schema';
import { insertInBatches } from './batch';
import type { SeedContext } from './context';
import {
  businessName,
  contractorDescription,
  NEARBY_AREAS,
  reviewComment,
  TRADES,
  tradePhone,
} from './contractor-text';
import { DEMO_EMAIL_DOMAIN, demoAccount } from './demo-accounts';
import { personName, slug } from './names';
import { addDays, isoDate, pastDate, type Random } from './random';
import type { SeededReviewer } from './users';

type Specialty = (typeof SPECIALTIES)[number];
type ServiceArea = (typeof SERVICE_AREAS)[number];
type ContractorRow = typeof contractors.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;
type LeadRow = typeof leads.$inferInsert;

const AREA_WEIGHTS: readonly (readonly [ServiceArea, number])[] = [
  ['London', 25],
  ['Manchester', 12],
  ['Birmingham', 12],
  ['Leeds', 9],
  ['Glasgow', 9],
  ['Liverpool', 8],
  ['Bristol', 8],
  ['Sheffield', 6],
  ['Edinburgh', 7],
  ['Cardiff', 6],
];

/** Firms in towns beyond the ten cities; `home` is only the city their names and landlines would draw on. */
const TOWN_TRADES: ReadonlyArray<{ name: string; specialty: Specialty; home: ServiceArea; areas: string[] }> =
  [
    {
      name: 'Orwell Plumbing & Heating',
      specialty: 'Plumbing & Heating',
      home: 'London',
      areas: ['Ipswich'],
    },
    {
      name: 'Suffolk Coast Electrical',
      specialty: 'Electrical Services',
      home: 'London',
      areas: ['Ipswich', 'Woodbridge', 'Felixstowe'],
    },
    { name: 'Broadland Roofing', specialty: 'Roofing', home: 'London', areas: ['Norwich'] },
    {
      name: 'Minster Decorators',
      specialty: 'Painting & Decorating',
      home: 'Leeds',
      areas: ['York', 'Leeds'],
    },
    {
      name: 'Seafront Cleaning Co',
      specialty: 'Cleaning Services',
      home: 'London',
      areas: ['Brighton', 'Hove'],
    },
    { name: 'Cherwell Joinery', specialty: 'Carpentry & Joinery', home: 'Birmingham', areas: ['Oxford'] },
  ];

function serviceAreas(random: Random, home: ServiceArea): ServiceArea[] {
  const count = random.weighted([
    [1, 45],
    [2, 30],
    [3, 17],
    [4, 8],
  ]);
  const nearby = random.shuffle(NEARBY_AREAS[home]);
  const others = random.shuffle(SERVICE_AREAS.filter((a) => a !== home && !nearby.includes(a)));
  return [home, ...nearby, ...others].slice(0, count);
}

interface ContractorDraft {
  specialty: Specialty;
  home: ServiceArea;
  /** The places served, when not drawn around `home`. */
  areas?: string[];
  firstName: string;
  lastName: string;
  name: string;
  createdAt: Date;
}

function contractorRow(
  random: Random,
  draft: ContractorDraft,
  overrides: Partial<ContractorRow> = {},
): ContractorRow {
  const trade = TRADES[draft.specialty];
  const areas = draft.areas ?? serviceAreas(random, draft.home);
  const experienceYears = random.int(2, 35);
  const emergencyCallouts = random.chance(trade.emergencyOdds);
  const domain = `${slug(draft.name)}.example`;
  return {
    id: randomUUID(),
    businessName: draft.name,
    firstName: draft.firstName,
    lastName: draft.lastName,
    description: contractorDescription(random, draft.specialty, areas, experienceYears, emergencyCallouts),
    specialty: draft.specialty,
    serviceAreas: areas,
    services: random.sample(trade.services, random.int(3, 5)),
    phone: tradePhone(random, draft.home),
    email: `${random.pick(['info', 'hello', 'enquiries', 'office', slug(draft.firstName)])}@${domain}`,
    website: random.chance(0.6) ? `https://www.${domain}` : null,
    emergencyCallouts,
    status: 'live',
    experienceYears,
    profileViews: random.int(0, 800),
    isDemo: true,
    createdAt: draft.createdAt,
    updatedAt: draft.createdAt,
    ...overrides,
  };
}

/**
 * A comment this profile has not shown yet, or null if twenty draws all repeat one (the review is then left out):
 * a profile never shows the same words twice. Hundreds of combinations per rating make a redraw rare.
 */
function distinctComment(said: Set<string>, draw: () => string): string | null {
  for (let attempt = 0; attempt < 20; attempt++) {
    const comment = draw();
    if (!said.has(comment)) {
      said.add(comment);
      return comment;
    }
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * 0-12 reviews, ratings skewed high as on real trade sites, each from a different seeded person and after a quote
 * request of theirs the trade won (a lead marked won counts as answered): returns the reviews, their leads and the
 * totals.
 */
function generateReviews(
  random: Random,
  now: Date,
  contractor: ContractorRow,
  count: number,
  reviewers: readonly SeededReviewer[],
): { rows: ReviewRow[]; leads: LeadRow[]; ratingSum: number } {
  const rows: ReviewRow[] = [];
  const leadRows: LeadRow[] = [];
  const said = new Set<string>();
  let ratingSum = 0;
  const since = contractor.createdAt!.getTime();
  const authors = random.sample(reviewers, Math.min(count, reviewers.length));
  for (const author of authors) {
    const rating = random.weighted([
      [5, 52],
      [4, 31],
      [3, 10],
      [2, 4],
      [1, 3],
    ]);
    const comment = distinctComment(said, () =>
      reviewComment(random, contractor.specialty as Specialty, rating, contractor.firstName ?? 'They'),
    );
    if (comment === null) continue;
    const createdAt = new Date(since + random.float(0, now.getTime() - since));
    // The request came first: one to three weeks before the review, never before the profile existed.
    const requestedAt = new Date(Math.max(since, createdAt.getTime() - random.int(7, 21) * DAY_MS));
    const leadId = randomUUID();
    const service = random.pick(contractor.services ?? [contractor.specialty]);
    leadRows.push({
      id: leadId,
      contractorId: contractor.id!,
      requesterId: author.id,
      jobTitle: service,
      description: `Quote needed: ${service.toLowerCase()}.`,
      location: contractor.serviceAreas?.[0] ?? 'UK',
      contactEmail: author.email,
      status: 'won',
      createdAt: requestedAt,
      updatedAt: createdAt,
    });
    ratingSum += rating;
    rows.push({
      contractorId: contractor.id!,
      authorId: author.id,
      leadId,
      customerName: `${author.firstName} ${author.lastName[0]}.`,
      rating,
      comment,
      createdAt,
      updatedAt: createdAt,
    });
  }
  return { rows, leads: leadRows, ratingSum };
}

export interface SeededContractors {
  contractors: number;
  reviews: number;
  leads: number;
  /** The applicant's pending profile (for its content submission). */
  pendingProfile: ContractorRow;
}

export async function seedContractors(
  ctx: SeedContext,
  count: number,
  owners: {
    demoContractor: string;
    applicant: string;
    reviewers: readonly SeededReviewer[];
    requesters: { id: string; email: string }[];
  },
): Promise<SeededContractors> {
  const { random, now } = ctx;
  const contractorRows: ContractorRow[] = [];
  const reviewRows: ReviewRow[] = [];
  const reviewLeadRows: LeadRow[] = [];
  const names = new Set<string>();

  const withReviews = (row: ContractorRow, reviewCount: number) => {
    const generated = generateReviews(random, now, row, reviewCount, owners.reviewers);
    row.ratingSum = generated.ratingSum;
    row.reviewCount = generated.rows.length;
    contractorRows.push(row);
    reviewRows.push(...generated.rows);
    reviewLeadRows.push(...generated.leads);
  };

  // Every specialty in turn, and every area at least once, so each filter combination has results.
  const specialties = Array.from({ length: count }, (_, i) => SPECIALTIES[i % SPECIALTIES.length]);
  for (let i = 0; i < count; i++) {
    const specialty = specialties[i];
    const home = i < SERVICE_AREAS.length ? SERVICE_AREAS[i] : random.weighted(AREA_WEIGHTS);
    const owner = personName(random);
    let name = businessName(random, specialty, home, owner);
    for (let attempt = 0; names.has(name) && attempt < 5; attempt++)
      name = businessName(random, specialty, home, owner);
    if (names.has(name)) name = `${name} (${home})`;
    names.add(name);
    const row = contractorRow(random, {
      specialty,
      home,
      ...owner,
      name,
      createdAt: pastDate(random, now, 730, 30),
    });
    const reviewCount = random.weighted([
      [0, 8],
      [random.int(1, 3), 22],
      [random.int(4, 7), 40],
      [random.int(8, 12), 30],
    ]);
    withReviews(row, reviewCount);
  }

  const demo = demoAccount('contractor');
  const demoProfile = contractorRow(
    random,
    {
      specialty: 'Plumbing & Heating',
      home: 'London',
      firstName: demo.firstName,
      lastName: demo.lastName,
      name: 'Hughes Plumbing & Heating',
      createdAt: addDays(now, -300),
    },
    {
      userId: owners.demoContractor,
      serviceAreas: ['London', 'Birmingham'],
      services: ['Boiler servicing', 'Central heating repairs', 'Leak detection', 'Gas safety certificates'],
      phone: '020 7946 0123',
      email: demo.email,
      website: 'https://www.hughes-plumbing.example',
      emergencyCallouts: true,
      experienceYears: 14,
      profileViews: 412,
    },
  );
  withReviews(demoProfile, 9);

  const pendingProfile = contractorRow(
    random,
    {
      specialty: 'Carpentry & Joinery',
      home: 'Edinburgh',
      firstName: 'Ewan',
      lastName: 'Fraser',
      name: 'Fraser Joinery',
      createdAt: addDays(now, -2),
    },
    {
      userId: owners.applicant,
      serviceAreas: ['Edinburgh', 'Glasgow'],
      email: `ewan.fraser@${DEMO_EMAIL_DOMAIN}`,
      status: 'pending',
      profileViews: 0,
    },
  );
  withReviews(pendingProfile, 0);

  // Trades in towns beyond the ten cities (issue 17: a service area is any UK place), so a search for Ipswich or
  // York finds someone.
  for (const town of TOWN_TRADES) {
    const row = contractorRow(
      random,
      { ...town, ...personName(random), createdAt: pastDate(random, now, 500, 30) },
      { phone: `07700 900${String(random.int(0, 999)).padStart(3, '0')}` },
    );
    withReviews(row, random.int(2, 9));
  }

  await insertInBatches(ctx.db, contractors, contractorRows);
  await insertInBatches(ctx.db, leads, reviewLeadRows, 2000);
  await insertInBatches(ctx.db, reviews, reviewRows, 2000);

  const leadRows = demoLeads(random, now, demoProfile.id!, owners.requesters);
  await insertInBatches(ctx.db, leads, leadRows);
  // Each lead to a trade with an account comes with its conversation, as one made on the site would.
  await openMissingLeadConversations(ctx.db);
  await answerDemoLeads(ctx, leadRows, demo.firstName);
  return {
    contractors: contractorRows.length,
    reviews: reviewRows.length,
    leads: leadRows.length + reviewLeadRows.length,
    pendingProfile,
  };
}

/**
 * The demo contractor answers the leads it has moved on (pending, won, lost) a few hours after each arrived: a reply
 * in the conversation and its first-reply mark, from which its response time is measured (never typed in).
 */
async function answerDemoLeads(ctx: SeedContext, rows: LeadRow[], firstName: string): Promise<void> {
  const { random } = ctx;
  for (const lead of rows) {
    if (lead.status === 'active') continue;
    const [conversation] = await ctx.db
      .select({ id: conversations.id, ownerId: conversations.ownerId, createdAt: conversations.createdAt })
      .from(conversations)
      .where(eq(conversations.leadId, lead.id!))
      .limit(1);
    if (!conversation) continue;
    const repliedAt = new Date(conversation.createdAt.getTime() + random.int(20, 300) * 60 * 1000);
    await ctx.db.insert(messages).values({
      conversationId: conversation.id,
      senderId: conversation.ownerId,
      body: `Thanks for getting in touch. I can come and take a look this week and give you a fixed price. ${firstName}`,
      createdAt: repliedAt,
    });
    await ctx.db
      .update(conversations)
      .set({ ownerFirstReplyAt: repliedAt, lastMessageAt: repliedAt, ownerReadAt: repliedAt })
      .where(eq(conversations.id, conversation.id));
  }
}

const LEADS = [
  {
    status: 'active',
    jobTitle: 'Boiler not firing up',
    location: 'London SE15',
    description: 'Combi boiler shows an F28 error and there is no hot water. Tenant home all week.',
  },
  {
    status: 'active',
    jobTitle: 'Annual gas safety certificate',
    location: 'London E8',
    description: 'Need the CP12 renewed for a two bedroom flat before the end of the month.',
  },
  {
    status: 'pending',
    jobTitle: 'Leak under kitchen sink',
    location: 'London N16',
    description: 'Slow drip from the waste pipe; the cupboard base is getting damp.',
  },
  {
    status: 'pending',
    jobTitle: 'Radiator replacement',
    location: 'Birmingham B15',
    description: 'Replace two old radiators in the bedrooms with modern double panels.',
  },
  {
    status: 'won',
    jobTitle: 'New combi boiler installation',
    location: 'London SW9',
    description: 'Swap an old system boiler and tank for a combi; quote accepted.',
  },
  {
    status: 'lost',
    jobTitle: 'Bathroom refit',
    location: 'London W12',
    description: 'Full bathroom refit with a walk-in shower. Went with another firm.',
  },
] as const;

function demoLeads(
  random: Random,
  now: Date,
  contractorId: string,
  requesters: { id: string; email: string }[],
): (typeof leads.$inferInsert)[] {
  return LEADS.map((lead, i) => {
    const requester = requesters[i % requesters.length];
    const createdAt = addDays(now, -(i * 4 + random.int(0, 3)) - 1);
    return {
      id: randomUUID(),
      contractorId,
      requesterId: requester.id,
      jobTitle: lead.jobTitle,
      description: lead.description,
      location: lead.location,
      contactEmail: requester.email,
      contactPhone: `07700 900${String(random.int(0, 999)).padStart(3, '0')}`,
      preferredDate:
        lead.status === 'active' || lead.status === 'pending'
          ? isoDate(addDays(now, random.int(2, 14)))
          : null,
      status: lead.status,
      // The boiler went in: the trade marked the job done five days on, so its requester may review it as a
      // verified job (decision 0073). The other demo leads are not finished jobs.
      completedAt: lead.status === 'won' ? addDays(createdAt, 5) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}
