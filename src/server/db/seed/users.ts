// Seeded people: the documented demo accounts, a few more premium tenants for the forum, the landlords
// who own the bulk listings, and a contractor whose profile waits for review.
import { randomUUID } from 'node:crypto';
import { notificationSettings, users } from '../schema';
import { insertInBatches } from './batch';
import type { SeedContext } from './context';
import { DEMO_EMAIL_DOMAIN, type DemoAccountKey, demoAccount } from './demo-accounts';
import { personName, slug } from './names';
import { addDays, pastDate } from './random';

type UserRow = typeof users.$inferInsert;

export interface SeededReviewer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

export interface SeededUsers {
  ids: Record<DemoAccountKey, string>;
  /** Premium tenants who write in the forum (the premium demo tenant first). */
  forumTenants: { id: string; name: string }[];
  /** Landlords who own the bulk listings. */
  landlords: string[];
  /** Seeded people (not demo accounts) who asked trades for quotes and reviewed them: every seeded review's author. */
  reviewers: SeededReviewer[];
  /** A contractor whose new profile is pending review. */
  applicant: string;
  count: number;
}

const FORUM_TENANTS = [
  {
    firstName: 'Olivia',
    lastName: 'Bennett',
    bio: 'Renting in Bristol with my partner and a very opinionated cat.',
  },
  { firstName: 'Marcus', lastName: 'Okafor', bio: 'First-time renter in Manchester, working in healthcare.' },
  { firstName: 'Eilidh', lastName: 'Campbell', bio: 'Postgraduate student in Edinburgh.' },
  { firstName: 'Tomasz', lastName: 'Nowak', bio: 'Software tester, moved to Leeds last year.' },
  {
    firstName: 'Hannah',
    lastName: 'Griffiths',
    bio: 'Nurse in Cardiff; have rented for ten years in three cities.',
  },
] as const;

export async function seedUsers(ctx: SeedContext, landlordCount: number): Promise<SeededUsers> {
  const { random, now, passwordHash } = ctx;
  const rows: UserRow[] = [];
  const base = (
    createdAt: Date,
  ): Pick<UserRow, 'id' | 'passwordHash' | 'isDemo' | 'createdAt' | 'updatedAt'> => ({
    id: randomUUID(),
    passwordHash,
    isDemo: true,
    createdAt,
    updatedAt: createdAt,
  });
  const account = (key: DemoAccountKey) => {
    const a = demoAccount(key);
    return { email: a.email, firstName: a.firstName, lastName: a.lastName, userType: a.userType };
  };
  const subscribed = (plan: 'tenant' | 'landlord' | 'contractor', subscriptionId: string) => ({
    subscriptionPlan: plan,
    subscriptionStatus: 'active',
    stripeSubscriptionId: subscriptionId,
    currentPeriodEnd: addDays(now, 30),
  });

  const tenant: UserRow = { ...base(addDays(now, -45)), ...account('tenant'), lastLoginAt: addDays(now, -2) };
  const premiumTenant: UserRow = {
    ...base(addDays(now, -160)),
    ...account('premiumTenant'),
    ...subscribed('tenant', 'sub_demo_tenant'),
    bio: 'Looking for a two bedroom flat near the city centre with my sister.',
    phone: '07700 900123',
    lastLoginAt: addDays(now, -1),
  };
  const landlord: UserRow = {
    ...base(addDays(now, -400)),
    ...account('landlord'),
    ...subscribed('landlord', 'sub_demo_landlord'),
    phone: '0161 496 0123',
    bio: 'Family landlord with a dozen flats and houses across Manchester since 2012.',
    lastLoginAt: addDays(now, -1),
  };
  const contractor: UserRow = {
    ...base(addDays(now, -300)),
    ...account('contractor'),
    ...subscribed('contractor', 'sub_demo_contractor'),
    phone: '020 7946 0123',
    lastLoginAt: addDays(now, -3),
  };
  rows.push(tenant, premiumTenant, landlord, contractor);

  const reviewers: SeededReviewer[] = [];
  const forumTenants = [
    { id: premiumTenant.id!, name: `${premiumTenant.firstName} ${premiumTenant.lastName}` },
  ];
  for (const person of FORUM_TENANTS) {
    // Admin-granted premium (isPremium) for these, so both ways of being premium appear in the data.
    const row: UserRow = {
      ...base(pastDate(random, now, 365, 60)),
      firstName: person.firstName,
      lastName: person.lastName,
      email: `${slug(person.firstName)}.${slug(person.lastName)}@${DEMO_EMAIL_DOMAIN}`,
      userType: 'tenant',
      isPremium: true,
      bio: person.bio,
    };
    rows.push(row);
    forumTenants.push({ id: row.id!, name: `${person.firstName} ${person.lastName}` });
    reviewers.push({ id: row.id!, firstName: row.firstName, lastName: row.lastName, email: row.email });
  }

  const applicant: UserRow = {
    ...base(addDays(now, -2)),
    firstName: 'Ewan',
    lastName: 'Fraser',
    email: `ewan.fraser@${DEMO_EMAIL_DOMAIN}`,
    userType: 'contractor',
    ...subscribed('contractor', 'sub_demo_contractor_applicant'),
  };
  rows.push(applicant);

  const landlords: string[] = [];
  for (let n = 1; n <= landlordCount; n++) {
    const name = personName(random);
    const createdAt = pastDate(random, now, 900, 100);
    const row: UserRow = {
      ...base(createdAt),
      ...name,
      email: `${slug(name.firstName)}.${slug(name.lastName)}.${n}@${DEMO_EMAIL_DOMAIN}`,
      userType: 'landlord',
      ...subscribed('landlord', `sub_demo_landlord_${n}`),
      currentPeriodEnd: addDays(now, random.int(1, 30)),
    };
    rows.push(row);
    landlords.push(row.id!);
    reviewers.push({ id: row.id!, firstName: row.firstName, lastName: row.lastName, email: row.email });
  }

  await insertInBatches(ctx.db, users, rows);
  await insertInBatches(
    ctx.db,
    notificationSettings,
    rows.map((u) => ({ userId: u.id! })),
  );
  return {
    ids: {
      tenant: tenant.id!,
      premiumTenant: premiumTenant.id!,
      landlord: landlord.id!,
      contractor: contractor.id!,
    },
    forumTenants,
    landlords,
    reviewers,
    applicant: applicant.id!,
    count: rows.length,
  };
}
