// Who may call each route (issue 27 item 6), in one table: every registered route has its access written below,
// and each is tried as the people it names. A signed-out caller gets 401 whatever it sends (a body that fails
// validation proves the guard answers first) unless the route is public; a signed-in caller without the role,
// plan or record is refused (403, or 404 for someone else's record); the caller it is for gets through (any
// answer but 401 and 403). A route missing from the table fails the test, and so does an entry no route has.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceRecords, conversations, reviews, users } from '../../src/server/db/schema';
import type { DeclaredRoute } from '../../src/server/lib/contract';
import { givenRenterProfile } from '../factories/applications';
import { createContractor, createLead, createTradeCheck } from '../factories/contractors';
import { createListing } from '../factories/listings';
import { acceptedRepair } from '../factories/repair-trades';
import { createSavedSearch } from '../factories/saved-searches';
import { createUser, signIn } from '../factories/users';
import { createTestApp, type TestApp } from '../support/app';
import { call, type Method } from '../support/http';

/** The people a route is tried as. The `other…` ones own nothing the check makes. */
const PERSONAS = {
  tenant: { userType: 'tenant' },
  premiumTenant: { userType: 'tenant', premium: true },
  otherPremiumTenant: { userType: 'tenant', premium: true },
  landlord: { userType: 'landlord' },
  subscribedLandlord: { userType: 'landlord', premium: true },
  otherSubscribedLandlord: { userType: 'landlord', premium: true },
  contractor: { userType: 'contractor' },
  subscribedContractor: { userType: 'contractor', premium: true },
  otherSubscribedContractor: { userType: 'contractor', premium: true },
  admin: { userType: null, role: 'admin' },
  superAdmin: { userType: null, role: 'super_admin' },
} as const;
type Persona = keyof typeof PERSONAS | 'demoSession';

type Access =
  /** Anyone: a signed-out caller gets the route's own answer. */
  | 'public'
  /** 401 signed out; any signed-in person gets through (tried as a free tenant). */
  | 'signed in'
  /** 401 signed out; 403 without the plan or account type the feature needs; its members get through. */
  | 'premium'
  /** 401 signed out; someone else's record is 403 or 404; its owner gets through. */
  | 'owner'
  /** 401 signed out; 403 for members; admins and the super admin get through. */
  | 'admin'
  /** 401 signed out; 403 for admins and members; the super admin gets through. */
  | 'super admin'
  /** 401 signed out; 403 outside a demo session an admin started; that session gets through. */
  | 'demo session'
  /** Not there (404) unless TEST_ROUTES / BENCH_ROUTES; then open, for the browser tests and the bench. */
  | 'test only'
  | 'bench only';

interface Made {
  params?: Record<string, string>;
  body?: unknown;
}
interface Entry {
  access: Access;
  /** Who gets through ('premium' and 'owner'; the others have theirs below). */
  member?: Persona;
  /** Who is refused. */
  refused?: Persona[];
  /** The record a path id names, and a body that passes validation, made afresh for each check. */
  make?: (kit: Kit) => Promise<Made>;
}

const PUBLIC: Entry = { access: 'public' };
const SIGNED_IN: Entry = { access: 'signed in' };
const ADMIN: Entry = { access: 'admin' };
const SUPER_ADMIN: Entry = { access: 'super admin' };
const premium = (member: Persona, refused: Persona[], make?: Entry['make']): Entry => ({
  access: 'premium',
  member,
  refused,
  make,
});
const owner = (member: Persona, stranger: Persona, make: Entry['make']): Entry => ({
  access: 'owner',
  member,
  refused: [stranger],
  make,
});
/** A record of the subscribed landlord's, premium tenant's or subscribed contractor's; another one is refused. */
const landlords = (make: Entry['make']) => owner('subscribedLandlord', 'otherSubscribedLandlord', make);
const tenants = (make: Entry['make']) => owner('premiumTenant', 'otherPremiumTenant', make);
const contractors = (make: Entry['make']) => owner('subscribedContractor', 'otherSubscribedContractor', make);
const TENANT_PLAN = (make?: Entry['make']) =>
  premium('premiumTenant', ['tenant', 'subscribedContractor'], make);
const LANDLORD_PLAN = premium('subscribedLandlord', ['landlord', 'premiumTenant']);
const CONTRACTOR_PLAN = premium('subscribedContractor', ['contractor', 'premiumTenant']);
const CONTRACTORS_ONLY = premium('contractor', ['tenant', 'subscribedLandlord']);
const PROFILE = {
  businessName: 'Pennine Roofing',
  specialty: 'Roofing',
  services: ['Slate repairs'],
  serviceAreas: ['Leeds'],
  description: 'Family roofers in West Yorkshire since 1998.',
};
/** Tenants on any plan: landlords, contractors and staff are refused. */
const RENTERS = (make?: Entry['make']) =>
  premium('tenant', ['subscribedLandlord', 'subscribedContractor', 'admin'], make);
const RENTER_PROFILE = {
  introduction: 'Quiet and tidy.',
  householdSize: 1,
  pets: 'none',
  moveInFrom: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date()),
};
/** A contractor's own profile: checked after the form is read, so the refusal is tried with a good one. */
const OWN_PROFILE = premium('contractor', ['tenant', 'subscribedLandlord'], async () => ({ body: PROFILE }));

/** Sessions, and records made through code or the API for one check, each owned by the persona it names. */
interface Kit {
  t: TestApp;
  cookie(persona: Persona): Promise<string>;
  id(persona: Persona): string;
  /** The contractor profile of a contractor persona. */
  profileOf(persona: Persona): string;
  /** The listing a conversation made by `conversation()` is about. */
  listingOf(conversationId: string): string;
  listing(): Promise<{ id: string }>;
  conversation(): Promise<{ id: string; listingId: string }>;
  slot(listingId: string): Promise<{ id: string }>;
  booking(): Promise<{ id: string; conversationId: string }>;
  contractor(): Promise<{ id: string }>;
}

const inFiveDays = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(Date.now() + 5 * 86_400_000),
  );
const SLOT = { startTime: '11:00', durationMinutes: 30, capacity: 2 };
const ENQUIRY = { message: 'Could I come and see the flat, please?', occupants: 1, pets: false };
const QUOTE = {
  jobTitle: 'Fix a leaking tap',
  description: 'The kitchen tap drips all day.',
  location: 'Leeds LS1',
  contactEmail: 'someone@example.test',
  contactPhone: '0113 496 0000',
};

const onListing = (kit: Kit) => kit.listing().then((listing) => ({ params: { id: listing.id } }));
/** A compliance record of the landlord's listing, with a stored certificate. */
const complianceRecord = async (kit: Kit) => {
  const { id } = await kit.listing();
  const key = `certificates/${id}/route-access.pdf`;
  await kit.t.app.ctx.storage.put(key, Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
  const [row] = await kit.t.db
    .insert(complianceRecords)
    .values({
      propertyId: id,
      kind: 'gas_safety',
      completedOn: '2026-01-05',
      dueOn: '2027-01-05',
      certificateKey: key,
      certificateName: 'gas.pdf',
      certificateType: 'application/pdf',
      certificateBytes: 15,
    })
    .returning({ id: complianceRecords.id });
  return { params: { id, recordId: row.id } };
};
const onConversation = (body?: unknown) => async (kit: Kit) => ({
  params: { id: (await kit.conversation()).id },
  body,
});
/** An application of the premium tenant's for the subscribed landlord's listing, from their conversation. */
async function application(kit: Kit): Promise<string> {
  const conversation = await kit.conversation();
  await givenRenterProfile(kit.t, kit.id('premiumTenant'));
  const res = await call(kit.t, 'POST', `/api/properties/${conversation.listingId}/applications`, {
    cookie: await kit.cookie('premiumTenant'),
    body: {},
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().applicationId;
}
const onApplication = (body?: unknown) => async (kit: Kit) => ({
  params: { id: await application(kit) },
  body,
});
/** The tenancy made when the premium tenant accepts the landlord's offer. */
const onTenancy = (body?: unknown) => async (kit: Kit) => {
  const id = await application(kit);
  const offer = { startDate: inFiveDays(), deposit: 100 };
  const offered = await call(kit.t, 'POST', `/api/applications/${id}/offer`, {
    cookie: await kit.cookie('subscribedLandlord'),
    body: offer,
  });
  expect(offered.statusCode, offered.body).toBe(200);
  const accepted = await call(kit.t, 'POST', `/api/applications/${id}/accept`, {
    cookie: await kit.cookie('premiumTenant'),
  });
  expect(accepted.statusCode, accepted.body).toBe(201);
  return { params: { id: accepted.json().tenancyId }, body };
};
const REPAIR = {
  title: 'Leaking tap',
  description: 'The kitchen tap drips.',
  category: 'plumbing',
  urgency: 'routine',
};
/** One tenancy for every repair route (each tenancy is a new conversation, and those are limited a day). */
const repairTenancies = new WeakMap<TestApp, Promise<string>>();
function repairTenancy(kit: Kit): Promise<string> {
  let tenancy = repairTenancies.get(kit.t);
  if (!tenancy) {
    tenancy = onTenancy()(kit).then(({ params }) => params.id);
    repairTenancies.set(kit.t, tenancy);
  }
  return tenancy;
}
const onRepairTenancy = async (kit: Kit) => ({ params: { id: await repairTenancy(kit) }, body: REPAIR });
/** A repair the premium tenant reported on their tenancy. */
const onRepair = (body?: unknown) => async (kit: Kit) => {
  const res = await call(kit.t, 'POST', `/api/tenancies/${await repairTenancy(kit)}/repairs`, {
    cookie: await kit.cookie('premiumTenant'),
    body: REPAIR,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { params: { id: res.json().repairId }, body };
};
/** A repair of the premium tenant's whose quote from the subscribed contractor was accepted (decision 0072). */
const onAcceptedRepair = (body?: unknown) => async (kit: Kit) => {
  const made = await onRepair(body)(kit);
  await acceptedRepair(kit.t, {
    repairId: made.params.id,
    contractorId: kit.profileOf('subscribedContractor'),
  });
  return made;
};
const inFiveDaysAt = () => new Date(Date.now() + 5 * 86_400_000).toISOString();
/** A repair the subscribed landlord asked the subscribed contractor to quote for (decision 0071). */
async function invitedRepair(kit: Kit): Promise<string> {
  const { params } = await onRepair()(kit);
  const res = await call(kit.t, 'POST', `/api/repairs/${params!.id}/quote-requests`, {
    cookie: await kit.cookie('subscribedLandlord'),
    body: { contractorIds: [kit.profileOf('subscribedContractor')] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return params!.id;
}
const REPAIR_QUOTE = { amount: 120, earliestVisit: inFiveDays(), note: 'A new washer.' };
const onRepairQuote = async (kit: Kit) => {
  const id = await invitedRepair(kit);
  const res = await call(kit.t, 'POST', `/api/repairs/${id}/quotes`, {
    cookie: await kit.cookie('subscribedContractor'),
    body: REPAIR_QUOTE,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { params: { id, quoteId: res.json().quoteId } };
};
const onBooking = (body?: unknown) => async (kit: Kit) => ({
  params: { id: (await kit.booking()).id },
  body,
});

/** Every route, by method and path as registered. */
const ACCESS: Record<string, Entry> = {
  // The site: pages, files, health, the contract.
  'GET /*': PUBLIC,
  'GET (a static file)': PUBLIC,
  // Uploaded photos, from whichever media store (decision 0041): anyone may see a photo a page shows.
  'GET /media/*': PUBLIC,
  'GET /robots.txt': PUBLIC,
  'GET /sitemap.xml': PUBLIC,
  'GET /sitemaps/:name': PUBLIC,
  'GET /healthz': PUBLIC,
  'GET /readyz': PUBLIC,
  'GET /api/config': PUBLIC,
  'GET /api/figures': PUBLIC,
  'GET /api/footer-links': PUBLIC,
  'GET /api/places': PUBLIC,
  'POST /api/contact': PUBLIC,
  'POST /api/analytics/page-view': PUBLIC,
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,

  // Accounts.
  'GET /api/auth/user': SIGNED_IN,
  'GET /api/login': PUBLIC,
  'POST /api/login': PUBLIC,
  'GET /api/logout': PUBLIC,
  'POST /api/logout': PUBLIC,
  'POST /api/register': PUBLIC,
  'POST /api/auth/register': PUBLIC,
  'POST /api/auth/demo-login': PUBLIC,
  'POST /api/auth/forgot-password': PUBLIC,
  'POST /api/auth/forgot-username': PUBLIC,
  'POST /api/auth/reset-password': PUBLIC,
  'POST /api/auth/confirm-email': PUBLIC,
  'PUT /api/profile': SIGNED_IN,
  'GET /api/profile/email-change': SIGNED_IN,
  'DELETE /api/profile/email-change': SIGNED_IN,
  'POST /api/profile/photo': premium('premiumTenant', ['tenant']),
  'DELETE /api/profile/photo': SIGNED_IN,
  'PUT /api/change-password': SIGNED_IN,
  'GET /api/notification-settings': SIGNED_IN,
  'PUT /api/notification-settings': SIGNED_IN,
  'DELETE /api/account': SIGNED_IN,
  'GET /api/account/export': SIGNED_IN,
  'GET /api/auth/sessions': SIGNED_IN,
  'POST /api/auth/sessions/sign-out-others': SIGNED_IN,

  // Homes: search and detail for everyone; saving for the tenant plan.
  'GET /api/properties': PUBLIC,
  'GET /api/properties/featured': PUBLIC,
  'GET /api/properties/:id': PUBLIC,
  'POST /api/property-interactions': TENANT_PLAN(async (kit) => ({
    body: { propertyId: (await kit.listing()).id, type: 'save' },
  })),
  'GET /api/property-interactions/summary': SIGNED_IN,
  'GET /api/saved-properties': TENANT_PLAN(),
  // The renter profile: a tenant's own on any plan (issue 31 item 1); nobody else has one to read or write.
  'GET /api/renter-profile': RENTERS(),
  'PUT /api/renter-profile': RENTERS(async () => ({ body: RENTER_PROFILE })),
  'DELETE /api/saved-properties/:propertyId': tenants(async (kit) => {
    const { id } = await kit.listing();
    const saved = await call(kit.t, 'POST', '/api/property-interactions', {
      cookie: await kit.cookie('premiumTenant'),
      body: { propertyId: id, type: 'save' },
    });
    expect(saved.statusCode).toBe(201);
    return { params: { propertyId: id } };
  }),
  'POST /api/saved-searches': TENANT_PLAN(),
  'GET /api/saved-searches': TENANT_PLAN(),
  'PATCH /api/saved-searches/:id': tenants(async (kit) => ({
    params: { id: (await createSavedSearch(kit.t, kit.id('premiumTenant'))).id },
    body: { name: 'Renamed' },
  })),
  'DELETE /api/saved-searches/:id': tenants(async (kit) => ({
    params: { id: (await createSavedSearch(kit.t, kit.id('premiumTenant'))).id },
  })),

  // Landlords' listings.
  'GET /api/properties/landlord/:landlordId': landlords(async (kit) => ({
    params: { landlordId: kit.id('subscribedLandlord') },
  })),
  'POST /api/listings/:id/let-agreed': landlords(onListing),
  'POST /api/listings/:id/relist': landlords(onListing),
  'POST /api/listings/:id/confirm-available': landlords(onListing),
  'POST /api/listings/confirm-available': PUBLIC, // the emailed token is the key
  'DELETE /api/properties/:id': landlords(onListing),
  'POST /api/listing-photos': LANDLORD_PLAN,
  'POST /api/content-submissions': LANDLORD_PLAN,
  'GET /api/content-submissions/mine': SIGNED_IN,

  // Trades: the directory for everyone; hiring for the tenant and landlord plans; the contractor's own.
  'GET /api/contractors': PUBLIC,
  'GET /api/contractors/:id': PUBLIC,
  'GET /api/contractors/:id/reviews': PUBLIC,
  'GET /api/contractors/:id/reviews/eligibility': SIGNED_IN,
  // Only after a job the trade finished (decision 0073): the premium tenant's quote request, marked done.
  'POST /api/contractors/:id/reviews': tenants(async (kit) => {
    const contractor = await kit.contractor();
    await createLead(kit.t, contractor.id, {
      requesterId: kit.id('premiumTenant'),
      status: 'won',
      completedAt: new Date(),
    });
    return { params: { id: contractor.id }, body: { rating: 4, comment: 'Came on time, fixed it.' } };
  }),
  // Your own review: someone else's answer is 404 (they have none to edit).
  'PUT /api/contractors/:id/reviews': tenants(async (kit) => {
    const contractor = await kit.contractor();
    await createLead(kit.t, contractor.id, {
      requesterId: kit.id('premiumTenant'),
      status: 'won',
      completedAt: new Date(),
    });
    const written = await kit.t.app.inject({
      method: 'POST',
      url: `/api/contractors/${contractor.id}/reviews`,
      headers: { cookie: await kit.cookie('premiumTenant') },
      payload: { rating: 3, comment: 'First go.' },
    });
    expect(written.statusCode, written.body).toBe(201);
    return { params: { id: contractor.id }, body: { rating: 4, comment: 'Came on time, fixed it.' } };
  }),
  // The trade's one reply to a review of its own business; another trade is refused.
  'POST /api/contractors/:id/reviews/:reviewId/reply': contractors(async (kit) => {
    const id = kit.profileOf('subscribedContractor');
    const [review] = await kit.t.db
      .insert(reviews)
      .values({ contractorId: id, customerName: 'Pat P.', rating: 4, comment: 'Good.' })
      .returning({ id: reviews.id });
    return { params: { id, reviewId: review.id }, body: { body: 'Thank you, Pat.' } };
  }),
  'POST /api/contractors/:id/quote-requests': TENANT_PLAN(async (kit) => ({
    params: { id: (await kit.contractor()).id },
    body: QUOTE,
  })),
  'GET /api/contractor/dashboard': CONTRACTORS_ONLY,
  'GET /api/contractor/leads': CONTRACTOR_PLAN,
  'GET /api/contractor/leads/:id': contractors(async (kit) => ({
    params: { id: (await createLead(kit.t, kit.profileOf('subscribedContractor'))).id },
  })),
  'PATCH /api/contractor/leads/:id': contractors(async (kit) => ({
    params: { id: (await createLead(kit.t, kit.profileOf('subscribedContractor'))).id },
    body: { status: 'won' },
  })),
  'POST /api/contractor/leads/:id/complete': contractors(async (kit) => ({
    params: { id: (await createLead(kit.t, kit.profileOf('subscribedContractor'))).id },
  })),
  'GET /api/contractor/profile': CONTRACTORS_ONLY,
  'POST /api/contractor/profile': OWN_PROFILE,
  'PUT /api/contractor/profile': OWN_PROFILE,
  'POST /api/contractor/portfolio-photos': CONTRACTOR_PLAN,

  // Conversations: enquiring is the tenant plan's; a conversation is its two people's.
  'POST /api/properties/:id/enquiries': TENANT_PLAN(async (kit) => ({
    params: { id: (await kit.listing()).id },
    body: ENQUIRY,
  })),
  'GET /api/conversations': SIGNED_IN,
  'GET /api/conversations/unread': SIGNED_IN,
  'GET /api/conversations/summary': SIGNED_IN,
  'GET /api/conversations/:id/messages': tenants(onConversation()),
  'POST /api/conversations/:id/messages': tenants(onConversation({ body: 'Is it still free?' })),
  'POST /api/conversations/:id/read': tenants(onConversation()),
  'POST /api/conversations/:id/report': tenants(onConversation({ reason: 'Asked me to pay off the site.' })),
  'POST /api/users/:id/block': SIGNED_IN,
  'DELETE /api/users/:id/block': SIGNED_IN,
  'GET /api/admin/reports': ADMIN,
  'POST /api/admin/reports/:id/close': ADMIN,
  // The checks behind a trade's "Verified" badge (issue 28).
  'GET /api/admin/contractors/:id/checks': {
    access: 'admin',
    make: async (kit) => ({ params: { id: (await kit.contractor()).id } }),
  },
  'POST /api/admin/contractors/:id/checks': {
    access: 'admin',
    make: async (kit) => ({
      params: { id: (await kit.contractor()).id },
      body: { kind: 'gas_safe', registrationNumber: '123456', expiresOn: inFiveDays() },
    }),
  },
  'DELETE /api/admin/contractors/:id/checks/:checkId': {
    access: 'admin',
    make: async (kit) => {
      const contractor = await kit.contractor();
      const check = await createTradeCheck(kit.t, contractor.id);
      return { params: { id: contractor.id, checkId: check.id } };
    },
  },

  // Viewings: a listing's slots are its landlord's; a booking is its conversation's.
  'POST /api/listings/:id/viewing-slots': landlords(async (kit) => ({
    params: { id: (await kit.listing()).id },
    body: { date: inFiveDays(), ...SLOT },
  })),
  'GET /api/listings/:id/viewings': landlords(onListing),
  'GET /api/properties/:id/compliance': landlords(onListing),
  'POST /api/properties/:id/compliance': landlords(async (kit) => ({
    params: { id: (await kit.listing()).id },
    body: { kind: 'epc', completedOn: '2026-01-05' },
  })),
  'POST /api/properties/:id/compliance/:recordId/certificate': landlords(complianceRecord),
  'GET /api/properties/:id/compliance/:recordId/certificate': landlords(complianceRecord),
  'GET /api/compliance/homes': SIGNED_IN,
  'GET /api/listings/:id/viewing-slots': { ...SIGNED_IN, make: onListing },
  'POST /api/viewing-slots/:id/cancel': landlords(async (kit) => ({
    params: { id: (await kit.slot((await kit.listing()).id)).id },
    body: { reason: 'Away that day' },
  })),
  'GET /api/conversations/:id/viewings': tenants(onConversation()),
  'POST /api/conversations/:id/viewings': tenants(async (kit) => {
    const conversation = await kit.conversation();
    return {
      params: { id: conversation.id },
      body: { slotId: (await kit.slot(conversation.listingId)).id },
    };
  }),
  'POST /api/viewings/:id/confirm': landlords(onBooking()),
  'POST /api/applications/:id/references': landlords(onApplication()),
  'GET /api/applications/:id/references': tenants(onApplication()),
  // The referee's emailed link: no account; the token is the key (404 for one that is not a link).
  'GET /api/references/:token': PUBLIC,
  'POST /api/references/:token': PUBLIC,
  'POST /api/viewings/:id/cancel': tenants(onBooking({ reason: 'Ill' })),
  'POST /api/viewings/:id/propose': landlords(async (kit) => {
    const booking = await kit.booking();
    const slot = await kit.slot(kit.listingOf(booking.conversationId));
    return { params: { id: booking.id }, body: { slotId: slot.id } };
  }),

  // Applications and tenancies (issue 31): an application is its tenant's and the listing's landlord's.
  'POST /api/properties/:id/applications': premium(
    'premiumTenant',
    ['tenant', 'subscribedContractor'],
    async (kit) => {
      const conversation = await kit.conversation();
      await givenRenterProfile(kit.t, kit.id('premiumTenant'));
      return { params: { id: conversation.listingId }, body: {} };
    },
  ),
  'GET /api/properties/:id/applications': landlords(onListing),
  'GET /api/applications': SIGNED_IN,
  'GET /api/applications/:id': tenants(onApplication()),
  'POST /api/applications/:id/offer': landlords(onApplication({ startDate: inFiveDays(), deposit: 100 })),
  'POST /api/applications/:id/decline': landlords(onApplication({ reason: 'affordability' })),
  'POST /api/applications/:id/withdraw': tenants(onApplication()),
  'POST /api/applications/:id/accept': tenants(onApplication()),
  'GET /api/tenancies': SIGNED_IN,
  'GET /api/tenancies/:id': tenants(onTenancy()),
  'PATCH /api/tenancies/:id': landlords(onTenancy({ depositReference: 'DPS-123' })),
  // Repairs (issue 32): a repair is its tenancy's parties' (decision 0070).
  'POST /api/tenancies/:id/repairs': tenants(onRepairTenancy),
  'GET /api/repairs': SIGNED_IN,
  'GET /api/repairs/:id': tenants(onRepair()),
  'POST /api/repairs/:id/resolve': landlords(onRepair({ note: 'Washer replaced.' })),
  // The visit and the work are the accepted trade's, the answer the tenant's; the conversation all three's.
  'POST /api/repairs/:id/visit-times': contractors(onAcceptedRepair({ times: [inFiveDaysAt()] })),
  'POST /api/repairs/:id/visit': tenants(onAcceptedRepair({ time: inFiveDaysAt() })),
  'POST /api/repairs/:id/complete': contractors(onAcceptedRepair({ note: 'Washer replaced.' })),
  'POST /api/repairs/:id/confirm': tenants(onAcceptedRepair()),
  'POST /api/repairs/:id/reopen': tenants(onAcceptedRepair({ reason: 'It still drips.' })),
  'GET /api/repairs/:id/messages': tenants(onRepair()),
  'POST /api/repairs/:id/messages': tenants(onRepair({ body: 'Any news on the tap?' })),
  // Repairs go to trades (decision 0071): the landlord asks and accepts; an invited trade quotes.
  'GET /api/repairs/:id/trade-suggestions': landlords(onRepair()),
  'POST /api/repairs/:id/quote-requests': landlords(async (kit) => ({
    ...(await onRepair()(kit)),
    body: { contractorIds: [kit.profileOf('subscribedContractor')] },
  })),
  'POST /api/repairs/:id/quotes': contractors(async (kit) => ({
    params: { id: await invitedRepair(kit) },
    body: REPAIR_QUOTE,
  })),
  'POST /api/repairs/:id/quotes/:quoteId/accept': landlords(onRepairQuote),
  'GET /api/properties/:id/trade-suggestions': landlords(onListing),

  // Payments.
  'POST /api/create-payment': SIGNED_IN,
  'POST /api/payments/test/confirm': SIGNED_IN,
  'GET /api/billing': SIGNED_IN,
  'POST /api/billing/cancel': SIGNED_IN,
  'POST /api/billing/resume': SIGNED_IN,
  'POST /api/stripe/webhook': PUBLIC, // Stripe's signature is the key

  // The forum: the tenant plan's; moderators are admins.
  'GET /api/forum/topics': TENANT_PLAN(),
  'POST /api/forum/topics': TENANT_PLAN(),
  'GET /api/forum/topics/:id/messages': TENANT_PLAN(),
  'POST /api/forum/topics/:id/messages': TENANT_PLAN(),
  'DELETE /api/forum/topics/:id': ADMIN,
  'DELETE /api/forum/messages/:id': ADMIN,

  // The admin area.
  'POST /api/admin/login': PUBLIC,
  'GET /api/admin/auth': PUBLIC, // answers "not an admin" to anyone else
  'POST /api/admin/logout': ADMIN,
  'GET /api/admin/statistics': ADMIN,
  'GET /api/admin/content-submissions': ADMIN,
  'POST /api/admin/content-submissions/:id/review': ADMIN,
  'GET /api/admin/contact-submissions': ADMIN,
  'PATCH /api/admin/contact-submissions/:id': ADMIN,
  'GET /api/admin/featured': ADMIN,
  'PUT /api/admin/featured/:id': ADMIN,
  'DELETE /api/admin/featured/:id': ADMIN,
  'GET /api/admin/all-users': SUPER_ADMIN,
  'DELETE /api/admin/delete-user/:id': SUPER_ADMIN,
  'POST /api/admin/bulk-delete-users': SUPER_ADMIN,
  'POST /api/admin/grant-trial': SUPER_ADMIN,
  'POST /api/admin/modify-premium': SUPER_ADMIN,
  'POST /api/admin/impersonate': SUPER_ADMIN,
  'POST /api/admin/stop-impersonation': { access: 'demo session' },
  'GET /api/admin/live-content': SUPER_ADMIN,
  'POST /api/admin/create-live-content': SUPER_ADMIN,
  'DELETE /api/admin/property/:id': SUPER_ADMIN,
  'DELETE /api/admin/contractor/:id': SUPER_ADMIN,
  'GET /api/admin/audit-log': SUPER_ADMIN,

  // Tooling.
  'POST /api/test/listing-lifecycle': { access: 'test only' },
  'POST /api/test/repair-accepted': { access: 'test only' },
  'POST /api/test/finish-repair': { access: 'test only' },
  'GET /api/bench/stats': { access: 'bench only' },
  'GET /api/bench/ceiling': { access: 'bench only' },
  'POST /api/bench/profile': { access: 'bench only' },
};

/** A route's key in the table: static files (hidden, outside /api) are one entry. */
const keyOf = (route: DeclaredRoute) =>
  route.schema?.hide && !route.url.startsWith('/api/')
    ? 'GET (a static file)'
    : `${route.method} ${route.url}`;

/** Any answer but the guards' refusals (and never a server error). */
const through = (status: number) => status !== 401 && status !== 403 && status < 500;

/** A body no route's schema accepts: a signed-out caller must still get its 401 first. */
const UNEXPECTED = { unexpected: true };

describe('who may call each route', () => {
  let t: TestApp;
  let plain: TestApp;
  let routes: DeclaredRoute[];
  const ids = {} as Record<keyof typeof PERSONAS, string>;
  const profiles = {} as Record<string, string>;
  const listingOfConversation = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp({ BENCH_ROUTES: '1', TEST_ROUTES: '1' });
    plain = await createTestApp();
    for (const [persona, values] of Object.entries(PERSONAS))
      ids[persona as keyof typeof PERSONAS] = (await createUser(t, values as never)).id;
    for (const persona of ['subscribedContractor', 'otherSubscribedContractor'] as const)
      profiles[persona] = (await createContractor(t, { userId: ids[persona] })).id;
    routes = t.app.routeList.filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
  });
  afterAll(async () => {
    await t.close();
    await plain.close();
  });

  /** A fresh session for a persona (made again if a route deleted the account: DELETE /api/account). */
  const cookie = async (persona: Persona): Promise<string> => {
    if (persona === 'demoSession') {
      const demo = await createUser(t, { userType: 'tenant', isDemo: true });
      return signIn(t, demo.id, ids.superAdmin);
    }
    // A deleted account stays as an anonymised row (decision 0051): it cannot sign in, so a new one is made.
    const [found] = await t.db
      .select({ deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, ids[persona]));
    if (!found || found.deletedAt) ids[persona] = (await createUser(t, PERSONAS[persona] as never)).id;
    return signIn(t, ids[persona]);
  };

  const kit: Kit = {
    get t() {
      return t;
    },
    cookie,
    id: (persona) => ids[persona as keyof typeof PERSONAS],
    profileOf: (persona) => profiles[persona],
    listingOf: (conversationId) => listingOfConversation.get(conversationId) ?? '',
    listing: () => createListing(t, { landlordId: ids.subscribedLandlord }),
    async conversation() {
      const listing = await kit.listing();
      const res = await call(t, 'POST', `/api/properties/${listing.id}/enquiries`, {
        cookie: await cookie('premiumTenant'),
        body: ENQUIRY,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id: string = res.json().conversationId;
      // Started two days ago, so the tenant's 20 new conversations a day (LIMITS) never run out across the table.
      await t.db
        .update(conversations)
        .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(conversations.id, id));
      listingOfConversation.set(id, listing.id);
      return { id, listingId: listing.id };
    },
    async slot(listingId) {
      const res = await call(t, 'POST', `/api/listings/${listingId}/viewing-slots`, {
        cookie: await cookie('subscribedLandlord'),
        body: { date: inFiveDays(), ...SLOT },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().id };
    },
    async booking() {
      const conversation = await kit.conversation();
      const slot = await kit.slot(conversation.listingId);
      const res = await call(t, 'POST', `/api/conversations/${conversation.id}/viewings`, {
        cookie: await cookie('premiumTenant'),
        body: { slotId: slot.id },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().id, conversationId: conversation.id };
    },
    contractor: () => createContractor(t),
  };

  function urlOf(route: DeclaredRoute, params: Record<string, string> = {}) {
    return route.url
      .replace(/:([A-Za-z]+)/g, (_m, name: string) => params[name] ?? '00000000-0000-4000-8000-000000000000')
      .replace(/\*$/, 'anything');
  }

  function send(app: TestApp, route: DeclaredRoute, made: Made, who?: string) {
    const body = route.method === 'GET' ? undefined : (made.body ?? {});
    return call(app, route.method as Method, urlOf(route, made.params), { cookie: who, body });
  }

  it('has every route in the table, and nothing else', () => {
    const keys = new Set(routes.map(keyOf));
    expect(
      [...keys].filter((key) => !ACCESS[key]),
      'routes missing from the table',
    ).toEqual([]);
    expect(
      Object.keys(ACCESS).filter((key) => !keys.has(key) && key !== 'GET (a static file)'),
      'entries no route has',
    ).toEqual([]);
    expect(routes.length).toBeGreaterThan(130);
  });

  it('answers each caller as its access says', async () => {
    const wrong: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const key = keyOf(route);
      const entry = ACCESS[key];
      if (!entry || (key === 'GET (a static file)' && seen.has(key))) continue;
      seen.add(key);
      const made = (await entry.make?.(kit)) ?? {};
      const expectThat = (who: string, status: number, ok: boolean, what: string) => {
        if (!ok) wrong.push(`${key} as ${who}: ${status}, expected ${what}`);
      };

      // Signed out, with a body no schema accepts.
      const signedOut = await send(t, route, { ...made, body: UNEXPECTED });
      const open = ['public', 'test only', 'bench only'].includes(entry.access);
      if (open) expectThat('visitor', signedOut.statusCode, through(signedOut.statusCode), 'its own answer');
      else expectThat('visitor', signedOut.statusCode, signedOut.statusCode === 401, '401');

      if (entry.access === 'test only' || entry.access === 'bench only') {
        const absent = await send(plain, route, made);
        expectThat('visitor without the flag', absent.statusCode, absent.statusCode === 404, '404');
        continue;
      }
      const { refused, allowed } = callersOf(entry);
      for (const persona of refused) {
        const res = await send(t, route, made, await cookie(persona));
        const ok = entry.access === 'owner' ? [403, 404].includes(res.statusCode) : res.statusCode === 403;
        expectThat(persona, res.statusCode, ok, entry.access === 'owner' ? '403 or 404' : '403');
      }
      // Last: what the caller it is for does may use the record up (a deletion, a cancellation).
      for (const persona of allowed) {
        const res = await send(t, route, made, await cookie(persona));
        const ok = through(res.statusCode) && (entry.access !== 'owner' || res.statusCode !== 404);
        expectThat(persona, res.statusCode, ok, `through (${res.body.slice(0, 120)})`);
      }
    }
    expect(wrong).toEqual([]);
  }, 240_000);
});

/** Who is refused and who gets through, for an entry. */
function callersOf(entry: Entry): { refused: Persona[]; allowed: Persona[] } {
  switch (entry.access) {
    case 'public':
      return { refused: [], allowed: ['tenant'] };
    case 'signed in':
      return { refused: [], allowed: ['tenant', 'admin'] };
    case 'premium':
    case 'owner':
      return { refused: entry.refused ?? [], allowed: entry.member ? [entry.member] : [] };
    case 'admin':
      return { refused: ['premiumTenant', 'subscribedLandlord'], allowed: ['admin', 'superAdmin'] };
    case 'super admin':
      return { refused: ['admin', 'premiumTenant'], allowed: ['superAdmin'] };
    case 'demo session':
      return { refused: ['tenant'], allowed: ['demoSession'] };
    default:
      return { refused: [], allowed: [] };
  }
}
