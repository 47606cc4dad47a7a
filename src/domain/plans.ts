// What each plan includes, stated once. The server enforces these rules (mayUse) and every page that lists
// what a plan gives (pricing cards, /subscribe, dashboards, marketing pages, upgrade prompts) reads the same
// table, so the copy and the rules cannot disagree. Browsing homes and trades is free for everyone
// (docs/decisions/0014-open-browsing-and-plans.md).
import { PLANS, USER_TYPES, type UserType } from './constants';
import { AppError } from './errors';

export const FEATURE_KEYS = [
  'browseHomes',
  'browseTrades',
  'contactLandlords',
  'saveHomes',
  'savedSearches',
  'hireContractors',
  'forum',
  'listHomes',
  'contractorDirectory',
  'portfolioPhotos',
  'manageLeads',
  'profilePhoto',
] as const;
export type Feature = (typeof FEATURE_KEYS)[number];

export interface FeatureCopy {
  /** A short line for a pricing card: "Contact landlords: details, enquiries and viewings". */
  label: string;
  /** What it gives, for an upgrade prompt: one sentence. */
  benefit: string;
}

export const FEATURES: Record<Feature, FeatureCopy> = {
  browseHomes: {
    label: 'Search every home, with the map and all filters',
    benefit: 'Search and open every live home on Your Place.',
  },
  browseTrades: {
    label: 'Browse vetted local trades and their reviews',
    benefit: 'Browse every approved contractor and read their reviews.',
  },
  contactLandlords: {
    label: 'Contact landlords: their details, enquiries and viewings',
    benefit: "See the landlord's phone and email, send enquiries and book viewings.",
  },
  saveHomes: {
    label: 'Save homes and hear when their rent drops',
    benefit: 'Keep a shortlist of homes and be told when one is reduced or let.',
  },
  savedSearches: {
    label: 'Saved searches with email alerts',
    benefit: 'Save a search and get an email when a new home matches it.',
  },
  hireContractors: {
    label: "Contractors' contact details, quote requests and reviews",
    benefit: "See a contractor's phone and email, ask for quotes and review work done.",
  },
  forum: {
    label: 'The tenant community forum',
    benefit: 'Ask and answer questions with other tenants in the community forum.',
  },
  listHomes: {
    label: 'List homes with photos, vetted before they go live',
    benefit: 'Advertise your homes with photos to every tenant on Your Place.',
  },
  contractorDirectory: {
    label: 'A business profile in the contractor directory',
    benefit: 'Show your business, service areas and reviews to local landlords and tenants.',
  },
  portfolioPhotos: {
    label: 'Portfolio photos of your work',
    benefit: 'Add photos of your work to your business profile.',
  },
  manageLeads: {
    label: 'Quote requests from clients, managed in one place',
    benefit: 'Receive quote requests and track each lead from request to job won.',
  },
  profilePhoto: {
    label: 'A profile photo',
    benefit: 'Put a face to your name with a profile photo.',
  },
};

/** Everyone, signed in or not, on the free tier. */
export const FREE_FEATURES: readonly Feature[] = ['browseHomes', 'browseTrades'];

/** What each paid plan adds, in the order pricing cards list it. A plan is bought by its own account type. */
export const PLAN_FEATURES: Record<UserType, readonly Feature[]> = {
  tenant: ['contactLandlords', 'saveHomes', 'savedSearches', 'hireContractors', 'forum', 'profilePhoto'],
  landlord: ['listHomes', 'hireContractors', 'profilePhoto'],
  contractor: ['contractorDirectory', 'portfolioPhotos', 'manageLeads', 'profilePhoto'],
};

/**
 * What the plan rules read of who is asking: no user (a visitor), or a user's account type and whether their plan
 * is paid up now (the effective premium of src/domain/premium.ts). Every Viewer and Actor (src/domain/identity.ts)
 * is one.
 */
export interface PlanViewer {
  user?: { userType?: string | null } | null;
  premium: boolean;
}

export function isFeature(value: unknown): value is Feature {
  return typeof value === 'string' && (FEATURE_KEYS as readonly string[]).includes(value);
}

export function isUserType(value: unknown): value is UserType {
  return value === 'tenant' || value === 'landlord' || value === 'contractor';
}

/** The one rule: free features for everyone, a plan's features for a paid-up account of that plan's type. */
export function mayUse(viewer: PlanViewer | null | undefined, feature: Feature): boolean {
  if (FREE_FEATURES.includes(feature)) return true;
  const type = viewer?.user?.userType;
  if (!viewer?.premium || !isUserType(type)) return false;
  return PLAN_FEATURES[type].includes(feature);
}

/** The plans that include a feature (tenant first): where an upgrade prompt sends someone. */
export function plansWith(feature: Feature): UserType[] {
  return (Object.keys(PLAN_FEATURES) as UserType[]).filter((plan) => PLAN_FEATURES[plan].includes(feature));
}

/** How someone who may not use a feature gets it: sign in, upgrade their own plan, or not with this account. */
export type FeatureAccess =
  | { kind: 'allowed' }
  | { kind: 'sign-in'; plans: UserType[] }
  | { kind: 'upgrade'; plan: UserType }
  | { kind: 'other-account'; plans: UserType[] };

export function featureAccess(viewer: PlanViewer | null | undefined, feature: Feature): FeatureAccess {
  if (mayUse(viewer, feature)) return { kind: 'allowed' };
  const plans = plansWith(feature);
  const type = viewer?.user?.userType;
  if (!viewer?.user) return { kind: 'sign-in', plans };
  if (isUserType(type) && plans.includes(type)) return { kind: 'upgrade', plan: type };
  return { kind: 'other-account', plans };
}

/** The error message when the server refuses a feature: says what would allow it. */
export function featureRefusal(viewer: PlanViewer | null | undefined, feature: Feature): string {
  const access = featureAccess(viewer, feature);
  const what = FEATURES[feature].benefit.replace(/\.$/, '');
  if (access.kind === 'allowed') return '';
  if (access.kind === 'upgrade') return `${PLANS[access.plan].name} lets you ${lowerFirst(what)}.`;
  if (access.kind === 'other-account') {
    const accounts = access.plans.map((p) => `${p} accounts`).join(' and ');
    return `This is for ${accounts} with ${access.plans.map((p) => PLANS[p].name).join(' or ')}.`;
  }
  const names = access.plans.map((p) => PLANS[p].name).join(' or ');
  return `Sign in with ${names} to ${lowerFirst(what)}.`;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Who each plan is for, on every card that offers it. */
export const PLAN_AUDIENCE: Record<UserType, string> = {
  tenant: 'For tenants',
  landlord: 'For landlords',
  contractor: 'For contractors',
};

/**
 * The plans worth offering someone: a plan is bought by its own account type (the server refuses the others), so an
 * account is offered its own plan only; a visitor, or an account without a type yet, sees them all.
 */
export function plansOfferedTo(userType: string | null | undefined): UserType[] {
  return isUserType(userType) ? [userType] : [...USER_TYPES];
}

/** The checkout page for a plan. */
export function subscribePath(plan: UserType): string {
  return `/subscribe?plan=${plan}`;
}

/** The lines a pricing card, /subscribe or a dashboard shows for a plan. */
export function planBenefits(plan: UserType): string[] {
  return PLAN_FEATURES[plan].map((feature) => FEATURES[feature].label);
}

/**
 * The server's gate: nothing when the viewer may use the feature; otherwise 401 for a visitor and 403 for a
 * signed-in user, each saying what would allow it and naming the feature for the page's upgrade prompt.
 */
export function assertMayUse(
  viewer: PlanViewer | null | undefined,
  feature: Feature,
  message?: string,
): void {
  if (mayUse(viewer, feature)) return;
  const access = featureAccess(viewer, feature);
  const text = message ?? featureRefusal(viewer, feature);
  const code =
    access.kind === 'sign-in'
      ? 'UNAUTHENTICATED'
      : access.kind === 'upgrade'
        ? 'PREMIUM_REQUIRED'
        : 'FORBIDDEN';
  throw new AppError(code, text).withFeature(feature);
}
