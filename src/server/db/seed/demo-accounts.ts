// The documented demo accounts (README, demo login). Seeded only outside production unless SEED_DEMO is set.
// Emails use the reserved .test domain, so nothing is ever delivered to a real mailbox, and nobody can register one.
import { RESERVED_EMAIL_DOMAIN } from '../../../domain/accounts';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_EMAIL_DOMAIN = RESERVED_EMAIL_DOMAIN;

export type DemoAccountKey = 'tenant' | 'premiumTenant' | 'landlord' | 'contractor';

export interface DemoAccount {
  key: DemoAccountKey;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: 'tenant' | 'landlord' | 'contractor';
  /** Premium or subscribed (isPremium or an active subscription). */
  premium: boolean;
  description: string;
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    key: 'tenant',
    email: `tenant@${DEMO_EMAIL_DOMAIN}`,
    password: DEMO_PASSWORD,
    firstName: 'Alex',
    lastName: 'Morgan',
    userType: 'tenant',
    premium: false,
    description:
      'Free tenant: searches and saves homes; the forum and saved searches ask for Tenant Premium.',
  },
  {
    key: 'premiumTenant',
    email: `premium@${DEMO_EMAIL_DOMAIN}`,
    password: DEMO_PASSWORD,
    firstName: 'Priya',
    lastName: 'Shah',
    userType: 'tenant',
    premium: true,
    description:
      'Premium tenant (Tenant Premium, active): saved homes, two saved searches with alerts, forum posts.',
  },
  {
    key: 'landlord',
    email: `landlord@${DEMO_EMAIL_DOMAIN}`,
    password: DEMO_PASSWORD,
    firstName: 'James',
    lastName: 'Whitaker',
    userType: 'landlord',
    premium: true,
    description:
      'Subscribed landlord (Landlord Pro, active): 12 live listings in Manchester and one awaiting review.',
  },
  {
    key: 'contractor',
    email: `contractor@${DEMO_EMAIL_DOMAIN}`,
    password: DEMO_PASSWORD,
    firstName: 'Dan',
    lastName: 'Hughes',
    userType: 'contractor',
    premium: true,
    description:
      'Subscribed contractor (Contractor Pro, active): a live, verified plumbing profile with reviews and 6 leads.',
  },
];

export function demoAccount(key: DemoAccountKey): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.key === key);
  if (!account) throw new Error(`no demo account ${key}`);
  return account;
}
