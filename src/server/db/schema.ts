// Drizzle schema for every entity in both spec documents. Money is integer pence; times are timestamptz.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Who a deleted account was (users.held_identity): for moderators under the evidence hold only. */
export type THeldIdentity = { firstName: string; lastName: string; email: string; phone: string | null };

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();
const updatedAt = () => ts('updated_at').notNull().defaultNow();

export const userTypeEnum = pgEnum('user_type', ['tenant', 'landlord', 'contractor']);
export const roleEnum = pgEnum('user_role', ['user', 'admin', 'super_admin']);
export const propertyTypeEnum = pgEnum('property_type', ['apartment', 'house', 'studio', 'room']);
export const furnishedEnum = pgEnum('furnished_state', ['furnished', 'part_furnished', 'unfurnished']);
// paused: hidden after 21 days unconfirmed; let: left search 7 days after "let agreed" (src/domain/availability.ts).
export const listingStatusEnum = pgEnum('listing_status', [
  'pending',
  'live',
  'rejected',
  'withdrawn',
  'paused',
  'let',
]);
export const interactionTypeEnum = pgEnum('interaction_type', ['save', 'view']);
export const alertFrequencyEnum = pgEnum('alert_frequency', ['instant', 'daily', 'weekly']);
export const contentTypeEnum = pgEnum('content_type', ['property_listing', 'contractor_profile']);
export const submissionStatusEnum = pgEnum('submission_status', ['pending', 'approved', 'rejected']);
export const leadStatusEnum = pgEnum('lead_status', ['active', 'pending', 'won', 'lost', 'closed']);
export const contactStatusEnum = pgEnum('contact_status', ['unread', 'read', 'replied']);
export const outboxStatusEnum = pgEnum('outbox_status', ['queued', 'sent', 'failed']);
export const planEnum = pgEnum('plan', ['tenant', 'landlord', 'contractor']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: userTypeEnum('user_type'),
    role: roleEnum('role').notNull().default('user'),
    phone: text('phone'),
    bio: text('bio'),
    profileImageUrl: text('profile_image_url'),
    /** Admin-set premium flag (doc 2 "grant or revoke premium"). */
    isPremium: boolean('is_premium').notNull().default(false),
    /** Raised by a trigger whenever this user saves or unsaves a home (drizzle/0004): the search cache's key
     * to the user's saved hearts, read with the session at no extra cost. */
    savesVersion: integer('saves_version').notNull().default(0),
    /** Admin-granted trial or premium period. */
    premiumUntil: ts('premium_until'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    subscriptionPlan: planEnum('subscription_plan'),
    subscriptionStatus: text('subscription_status'),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    isDemo: boolean('is_demo').notNull().default(false),
    lastLoginAt: ts('last_login_at'),
    /**
     * Set when the account was deleted (decision 0051): the row stays, anonymised, so the conversations, viewings,
     * reviews, forum posts and payment records the person shared with others keep a party to point at.
     */
    deletedAt: ts('deleted_at'),
    /**
     * Who a deleted account was, kept for moderators only while a reported conversation of theirs is under the
     * evidence hold (src/domain/evidence.ts), then cleared by the evidence-release job.
     */
    heldIdentity: jsonb('held_identity').$type<THeldIdentity>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_created_at_idx').on(t.createdAt),
    index('users_type_idx').on(t.userType),
    uniqueIndex('users_stripe_customer_key').on(t.stripeCustomerId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set while an admin impersonates a demo user: the admin's own id. */
    impersonatorId: uuid('impersonator_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A demo session's way back: the admin's own session, kept while the demo runs. Ending that session (sign-out,
     * password change or reset) ends the demo with it (the cascade).
     */
    returnSessionId: text('return_session_id').references((): AnyPgColumn => sessions.id, {
      onDelete: 'cascade',
    }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_impersonator_idx').on(t.impersonatorId),
    index('sessions_return_idx').on(t.returnSessionId),
  ],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  propertyAlerts: boolean('property_alerts').notNull().default(true),
  marketingEmails: boolean('marketing_emails').notNull().default(false),
  securityAlerts: boolean('security_alerts').notNull().default(true),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId),
  ],
);

/** A change of sign-in address, waiting for its link (sent to the new address) to be opened. */
export const emailChangeRequests = pgTable(
  'email_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    /** SHA-256 of the link's token, as for reset links. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_change_requests_hash_key').on(t.tokenHash),
    index('email_change_requests_user_idx').on(t.userId),
  ],
);

/**
 * Every photo upload (listing photos, portfolios) until it is a day old: the per-user daily limit counts these, and
 * the clean-up job removes the files of day-old uploads that nothing refers to.
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The photo collection's folder: listings or portfolio. */
    folder: text('folder').notNull(),
    /** The large rendition's public URL (the thumbnail's follows from it). */
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('media_uploads_user_idx').on(t.userId, t.createdAt),
    index('media_uploads_created_idx').on(t.createdAt),
  ],
);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict, not cascade: a listing carries the tenants' conversations and viewings (decision 0051).
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    propertyType: propertyTypeEnum('property_type').notNull(),
    bedrooms: smallint('bedrooms'),
    bathrooms: smallint('bathrooms'),
    areaSqm: integer('area_sqm'),
    monthlyRentPence: integer('monthly_rent_pence').notNull(),
    /** The landlord's deposit as they gave it; null is "Not stated" (never a computed figure). */
    depositPence: integer('deposit_pence'),
    /** Holding deposit to reserve the home; at most one week's rent (Tenant Fees Act 2019, Sch.1 para 3). */
    holdingDepositPence: integer('holding_deposit_pence'),
    address: text('address').notNull(),
    postcode: text('postcode').notNull(),
    /** Outward code (district), e.g. "SW1A"; the map and radius searches use its centroid. */
    outcode: text('outcode').notNull(),
    /** Postcode area: the outcode's letters ("LS" of "LS6"), for area searches that keep their sort order. */
    area: text('area').generatedAlwaysAs(sql`substring(outcode from '^[A-Z]+')`),
    location: text('location'),
    /** The first photo's thumbnail (else its large view) for cards; kept by triggers on property_images. */
    coverUrl: text('cover_url'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    availableFrom: date('available_from', { mode: 'string' }),
    available: boolean('available').notNull().default(true),
    amenities: text('amenities').array().notNull().default(sql`'{}'::text[]`),
    epcRating: text('epc_rating'),
    councilTaxBand: text('council_tax_band'),
    furnished: furnishedEnum('furnished'),
    // ---- the law by nation (src/domain/advert-rules.ts, decision 0047) ----
    /** england | wales | scotland | northern_ireland: the district's, or the landlord's choice in a border district. */
    nation: text('nation'),
    /** allowed | on_request | not_allowed; null when not stated. */
    pets: text('pets'),
    /** Bills in the rent: water, gas, electricity, council_tax, broadband, tv_licence. */
    billsIncluded: text('bills_included').array().notNull().default(sql`'{}'::text[]`),
    /** Scotland: the Scottish Landlord Register number shown on the listing. */
    landlordRegistrationNumber: text('landlord_registration_number'),
    /** An EPC exemption's kind and its PRS Exemptions Register reference (both or neither). */
    epcExemptionKind: text('epc_exemption_kind'),
    epcExemptionReference: text('epc_exemption_reference'),
    /** Wales: standard_periodic | standard_fixed_term. */
    occupationContract: text('occupation_contract'),
    /** A rule in force that the live listing breaks was told to its landlord; unfixed, it pauses at this instant. */
    lawPausesAt: ts('law_pauses_at'),
    status: listingStatusEnum('status').notNull().default('pending'),
    /** Admin live content: hidden from every public list after this instant. */
    liveUntil: ts('live_until'),
    /** Marked "Let agreed" by its landlord: shown with that badge for 7 days, then status let. */
    letAgreedAt: ts('let_agreed_at'),
    /** The last time the landlord confirmed it is still available (or it went live); 21 days on, it is paused. */
    confirmedAt: ts('confirmed_at'),
    /** The reminder for the current confirmedAt went out (so it goes once per period). */
    confirmReminderSentAt: ts('confirm_reminder_sent_at'),
    /** Set while the latest rent change was a reduction: "Reduced on {date}". */
    rentReducedAt: ts('rent_reduced_at'),
    /** The rent before that reduction. */
    previousRentPence: integer('previous_rent_pence'),
    isDemo: boolean('is_demo').notNull().default(false),
    /**
     * Deleted by its landlord or an admin, or its landlord's account was (decision 0051): withdrawn for good, gone
     * from every list and page, kept for the threads and viewings that point at it.
     */
    deletedAt: ts('deleted_at'),
    /**
     * The street and what follows it, as anyone may see it: `publicStreet(address)` (src/domain/addresses.ts),
     * written with the address by every writer (decision 0058). The keyword index is built from it, never from
     * the address: a building's name or a house number is not searchable.
     */
    publicStreet: text('public_street').notNull(),
    /** The keyword index: only what anyone may read of the listing (title, description, street, district, town). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || coalesce(public_street, '') || ' ' || coalesce(outcode, '') || ' ' || coalesce(location, ''))`,
    ),
    publishedAt: ts('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('properties_landlord_idx').on(t.landlordId),
    index('properties_live_created_idx').on(t.status, t.createdAt.desc(), t.id),
    index('properties_live_rent_idx').on(t.status, t.monthlyRentPence, t.id),
    // Covering indexes (decision 0076): every column a search's WHERE reads without free text or a map view, and
    // both sort keys, so a count and the choice of a few matches' page never read the table (~3 KB a row, more
    // than shared_buffers holds at 100,000 listings). By a district or a town's districts, by a postcode area, and
    // with neither (type, bedrooms and rent; also the walk for a type and bedrooms by rent). The covered columns
    // are trailing keys: Drizzle declares no INCLUDE.
    ...(
      [
        ['district', t.outcode],
        ['area', t.area],
      ] as const
    ).map(([name, place]) =>
      index(`properties_live_${name}_cover_idx`)
        .on(
          place,
          t.propertyType,
          t.bedrooms,
          t.monthlyRentPence,
          t.createdAt,
          t.id,
          t.available,
          t.letAgreedAt,
          t.liveUntil,
        )
        .where(sql`${t.status} = 'live'`),
    ),
    index('properties_live_cover_idx')
      .on(
        t.propertyType,
        t.bedrooms,
        t.monthlyRentPence,
        t.id,
        t.createdAt,
        t.available,
        t.letAgreedAt,
        t.liveUntil,
      )
      .where(sql`${t.status} = 'live'`),
    // Type and bedrooms without a place, newest first: the page stops after a page of matches.
    index('properties_live_type_beds_created_idx')
      .on(t.propertyType, t.bedrooms, t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'live'`),
    // A filter and the sort in one index, so a page stops after a page of matches at any size: an area, a
    // type, a bedroom count or a type and bedroom count, each newest first or by rent (either way).
    ...(
      [
        ['area', [t.area]],
        ['type', [t.propertyType]],
        ['beds', [t.bedrooms]],
      ] as const
    ).flatMap(([name, columns]) => [
      index(`properties_live_${name}_created_idx`)
        .on(...columns, t.createdAt.desc(), t.id)
        .where(sql`${t.status} = 'live'`),
      index(`properties_live_${name}_rent_idx`)
        .on(...columns, t.monthlyRentPence, t.id)
        .where(sql`${t.status} = 'live'`),
    ]),
    // One district in each sort order: a search by town or radius with many matches reads a page from each
    // of its districts (queries.ts districtsToWalk).
    index('properties_live_district_created_idx')
      .on(t.outcode, t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'live'`),
    index('properties_live_district_rent_idx')
      .on(t.outcode, t.monthlyRentPence, t.id)
      .where(sql`${t.status} = 'live'`),
    // "4+ bedrooms" is a range, not a fixed column: partial indexes hold just those homes in each order.
    index('properties_live_beds4_created_idx')
      .on(t.createdAt.desc(), t.id)
      .where(sql`${t.status} = 'live' and ${t.bedrooms} >= 4`),
    index('properties_live_beds4_rent_idx')
      .on(t.monthlyRentPence, t.id)
      .where(sql`${t.status} = 'live' and ${t.bedrooms} >= 4`),
    // The lifecycle job's two walks: live listings by last confirmation, and let-agreed ones by when.
    index('properties_live_confirmed_idx')
      .on(t.confirmedAt)
      .where(sql`${t.status} = 'live' and ${t.letAgreedAt} is null`),
    index('properties_let_agreed_idx')
      .on(t.letAgreedAt)
      .where(sql`${t.status} = 'live' and ${t.letAgreedAt} is not null`),
    // When the next listing leaves the public lists (the search cache expires its pages then).
    index('properties_live_until_idx')
      .on(t.liveUntil)
      .where(sql`${t.status} = 'live' and ${t.liveUntil} is not null`),
    index('properties_fts_idx').using('gin', t.searchVector),
    index('properties_geo_idx').on(t.lat, t.lng),
  ],
);

/**
 * One row: a counter that triggers on properties and property_images raise in the writing transaction, so
 * it changes exactly when committed search results may have (every write path, cascades included). Search
 * caches keep a page only while the counter is unchanged (features/properties/search-cache.ts).
 */
export const listingVersion = pgTable('listing_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * One row, as listing_version for the directory of trades: triggers on contractors, their photos, reviews and trade
 * checks raise it in the writing transaction, so kept pages that show trades are drawn again once one changes
 * (plugins/page-cache.ts, decision 0075).
 */
export const directoryVersion = pgTable('directory_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Live listings an admin put in the landing page's front window (decision 0062): shown first, newest pin first, while
 * live and to let; the rules fill the rest. Who pinned it is in the audit log (featured.pin), not here: no person is
 * named in this table. A trigger raises the listing version, so cached pages follow a pin.
 */
export const featuredPins = pgTable(
  'featured_pins',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    pinnedAt: ts('pinned_at').notNull().defaultNow(),
  },
  (t) => [index('featured_pins_pinned_at_idx').on(t.pinnedAt.desc())],
);

/** Every rent change of a listing, kept: who saved it is told of reductions. */
export const propertyRentChanges = pgTable(
  'property_rent_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    fromPence: integer('from_pence').notNull(),
    toPence: integer('to_pence').notNull(),
    changedAt: ts('changed_at').notNull().defaultNow(),
    /** When the people who saved the home were told (reductions only); null until then. */
    notifiedAt: ts('notified_at'),
  },
  (t) => [
    index('property_rent_changes_property_idx').on(t.propertyId, t.changedAt.desc()),
    index('property_rent_changes_unnotified_idx')
      .on(t.changedAt)
      .where(sql`${t.notifiedAt} is null and ${t.toPence} < ${t.fromPence}`),
  ],
);

export const propertyImages = pgTable(
  'property_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    /** Public URL of the large rendition; thumbnails are `thumbUrl`. */
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    storageKey: text('storage_key'),
    width: integer('width'),
    height: integer('height'),
    alt: text('alt'),
    createdAt: createdAt(),
  },
  (t) => [index('property_images_property_idx').on(t.propertyId, t.position)],
);

export const propertyInteractions = pgTable(
  'property_interactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    type: interactionTypeEnum('type').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('property_interactions_once_key').on(t.userId, t.propertyId, t.type),
    index('property_interactions_property_idx').on(t.propertyId, t.type),
  ],
);

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    emailAlerts: boolean('email_alerts').notNull().default(true),
    alertFrequency: alertFrequencyEnum('alert_frequency').notNull().default('daily'),
    searchCriteria: jsonb('search_criteria').notNull().default({}),
    lastAlertAt: ts('last_alert_at'),
    lastCheckedAt: ts('last_checked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    index('saved_searches_alerts_idx').on(t.emailAlerts, t.alertFrequency),
  ],
);

/** Each listing is alerted to a user at most once. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    savedSearchId: uuid('saved_search_id').references(() => savedSearches.id, { onDelete: 'set null' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] })],
);

export const contentSubmissions = pgTable(
  'content_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: contentTypeEnum('content_type').notNull(),
    contentData: jsonb('content_data').notNull(),
    /** The property or contractor profile this submission creates or edits. */
    targetId: uuid('target_id'),
    submissionStatus: submissionStatusEnum('submission_status').notNull().default('pending'),
    adminNotes: text('admin_notes'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: ts('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('content_submissions_status_idx').on(t.submissionStatus, t.createdAt),
    index('content_submissions_user_idx').on(t.userId),
    index('content_submissions_target_idx').on(t.targetId),
  ],
);

export const contractors = pgTable(
  'contractors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: a trade's profile carries its customers' leads and reviews (decision 0051).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    businessName: text('business_name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    description: text('description'),
    specialty: text('specialty').notNull(),
    serviceAreas: text('service_areas').array().notNull().default(sql`'{}'::text[]`),
    services: text('services').array().notNull().default(sql`'{}'::text[]`),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    profileImageUrl: text('profile_image_url'),
    emergencyCallouts: boolean('emergency_callouts').notNull().default(false),
    // Contractor profiles never pause or get let: the listing lifecycle is for homes.
    status: listingStatusEnum('status')
      .$type<'pending' | 'live' | 'rejected' | 'withdrawn'>()
      .notNull()
      .default('pending'),
    liveUntil: ts('live_until'),
    experienceYears: smallint('experience_years'),
    ratingSum: integer('rating_sum').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** The verified-job reviews among them (issue 32 item 5): the rating shown counts these first. */
    verifiedRatingSum: integer('verified_rating_sum').notNull().default(0),
    verifiedReviewCount: integer('verified_review_count').notNull().default(0),
    /**
     * The rating shown, sorted and filtered on (decision 0073): the mean of the verified-job reviews when there is
     * one, else of every review, else 0 (shown as "No reviews yet").
     */
    rating: real('rating').generatedAlwaysAs(
      sql`case when verified_review_count > 0 then round(verified_rating_sum::numeric / verified_review_count, 2)::real when review_count > 0 then round(rating_sum::numeric / review_count, 2)::real else 0 end`,
    ),
    profileViews: integer('profile_views').notNull().default(0),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contractors_user_key').on(t.userId),
    index('contractors_live_idx').on(t.status, t.specialty),
    index('contractors_rating_idx').on(t.status, t.rating),
    index('contractors_areas_idx').using('gin', t.serviceAreas),
  ],
);

export const contractorImages = pgTable(
  'contractor_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull().default(0),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    storageKey: text('storage_key'),
    createdAt: createdAt(),
  },
  (t) => [index('contractor_images_contractor_idx').on(t.contractorId, t.position)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The answered quote request this review follows (issue 28); null only on reviews from before the rule. */
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    /** The finished repair this review follows (issue 32 item 5); a lead's job is `lead_id` with its completed_at. */
    repairId: uuid('repair_id').references((): AnyPgColumn => repairs.id, { onDelete: 'restrict' }),
    /** "Verified job": written after a repair or lead the trade completed (issue 32 item 5). */
    verified: boolean('verified').notNull().default(false),
    /** The job's month (first of the month) and category, shown with a verified review. */
    jobMonth: date('job_month', { mode: 'string' }),
    jobCategory: text('job_category'),
    /** The trade's one public reply. */
    reply: text('reply'),
    repliedAt: ts('replied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_author_key').on(t.contractorId, t.authorId),
    uniqueIndex('reviews_repair_author_key').on(t.repairId, t.authorId).where(sql`${t.repairId} is not null`),
    uniqueIndex('reviews_lead_key').on(t.leadId).where(sql`${t.leadId} is not null`),
    index('reviews_contractor_idx').on(t.contractorId, t.createdAt.desc()),
  ],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'restrict' }),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    jobTitle: text('job_title').notNull(),
    description: text('description').notNull().default(''),
    location: text('location').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone'),
    preferredDate: date('preferred_date', { mode: 'string' }),
    status: leadStatusEnum('status').notNull().default('active'),
    /** A repair's quote request (issue 32 item 3): the landlord invited this trade to quote for it. */
    repairId: uuid('repair_id').references((): AnyPgColumn => repairs.id, { onDelete: 'restrict' }),
    /** When the trade marked the job done (a repair's work done, or an ordinary lead's job): reviews rest on it. */
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('leads_contractor_idx').on(t.contractorId, t.status, t.createdAt.desc()),
    // One invitation per trade and repair.
    uniqueIndex('leads_repair_contractor_key')
      .on(t.repairId, t.contractorId)
      .where(sql`${t.repairId} is not null`),
  ],
);

export const tradeCheckKindEnum = pgEnum('trade_check_kind', ['insurance', 'gas_safe', 'niceic']);

/**
 * What an admin checked about a trade (issue 28): an insurance policy (provider) or a Gas Safe / NICEIC
 * registration (number), each valid until its document's expiry. The "Verified" badge is read from these at request
 * time, so it lapses with the document without a write; a revoked check stays, for the record.
 */
export const tradeChecks = pgTable(
  'trade_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    kind: tradeCheckKindEnum('kind').notNull(),
    provider: text('provider'),
    registrationNumber: text('registration_number'),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    checkedBy: uuid('checked_by').references(() => users.id, { onDelete: 'set null' }),
    checkedAt: ts('checked_at').notNull().defaultNow(),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('trade_checks_contractor_idx').on(t.contractorId, t.expiresOn)],
);

export const conversationKindEnum = pgEnum('conversation_kind', ['enquiry', 'quote']);
export const messageKindEnum = pgEnum('message_kind', ['text', 'system']);
export const reportStatusEnum = pgEnum('report_status', ['open', 'closed']);

/**
 * One conversation between two people about one thing (issue 13): a tenant's enquiry about a listing (one per
 * tenant and listing) or a quote request to a contractor (one per lead). `starter` asked; `owner` is the landlord
 * or the contractor's account. Each side's read mark and last email time live on the row.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: conversationKindEnum('kind').notNull(),
    // Restrict throughout: a conversation belongs to both people, so neither side's deletion may take it
    // (decision 0051); accounts and listings are anonymised or withdrawn instead of deleted.
    propertyId: uuid('property_id').references(() => properties.id, { onDelete: 'restrict' }),
    leadId: uuid('lead_id').references(() => leads.id, { onDelete: 'restrict' }),
    starterId: uuid('starter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    starterReadAt: ts('starter_read_at'),
    ownerReadAt: ts('owner_read_at'),
    starterEmailedAt: ts('starter_emailed_at'),
    ownerEmailedAt: ts('owner_emailed_at'),
    /** The owner's first reply: the landlord's response time is measured from created_at to this. */
    ownerFirstReplyAt: ts('owner_first_reply_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_enquiry_idx')
      .on(t.propertyId, t.starterId)
      .where(sql`${t.propertyId} is not null`),
    uniqueIndex('conversations_lead_idx').on(t.leadId).where(sql`${t.leadId} is not null`),
    index('conversations_starter_idx').on(t.starterId, t.lastMessageAt.desc()),
    index('conversations_owner_idx').on(t.ownerId, t.lastMessageAt.desc()),
    index('conversations_starter_created_idx').on(t.starterId, t.createdAt),
  ],
);

/** A message in a conversation: a person's text, or a system line (sender null) such as a viewing booked. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: two messages in the same millisecond still read in the order they were sent. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    kind: messageKindEnum('kind').notNull().default('text'),
    body: text('body').notNull(),
    /** An enquiry's details (move-in date, number of people, pets; never children or employment: 0012) on its message. */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.createdAt, t.seq)],
);

/** A person who blocked another: neither can message the other while it stands. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('user_blocks_blocked_idx').on(t.blockedId),
  ],
);

/** A participant's report of a conversation, for admins (who may then read it, audited). */
export const conversationReports = pgTable(
  'conversation_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // A report is evidence: the conversation cannot be deleted under it (decision 0051).
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    status: reportStatusEnum('status').notNull().default('open'),
    createdAt: createdAt(),
    closedAt: ts('closed_at'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('conversation_reports_status_idx').on(t.status, t.createdAt.desc()),
    // One open report per conversation and reporter (issue 29): a second answers 409 until the first is closed.
    uniqueIndex('conversation_reports_open_idx')
      .on(t.conversationId, t.reporterId)
      .where(sql`${t.status} = 'open'`),
  ],
);

export const viewingStatusEnum = pgEnum('viewing_status', ['booked', 'confirmed', 'cancelled']);

/** A time a landlord offers for viewings of one listing (issue 13): up to `capacity` people may book it. */
export const viewingSlots = pgTable(
  'viewing_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    startsAt: ts('starts_at').notNull(),
    durationMinutes: smallint('duration_minutes').notNull(),
    capacity: smallint('capacity').notNull(),
    note: text('note'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
  },
  (t) => [index('viewing_slots_property_idx').on(t.propertyId, t.startsAt)],
);

/** A tenant's place at a viewing, booked from their conversation about the listing. */
export const viewingBookings = pgTable(
  'viewing_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => viewingSlots.id, { onDelete: 'restrict' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: viewingStatusEnum('status').notNull().default('booked'),
    cancelReason: text('cancel_reason'),
    /** Bumped on every change: the .ics SEQUENCE, so calendars replace the earlier copy. */
    sequence: integer('sequence').notNull().default(0),
    reminderSentAt: ts('reminder_sent_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('viewing_bookings_slot_idx').on(t.slotId, t.status),
    // One live booking per conversation: moving to another time cancels the old one in the same transaction.
    uniqueIndex('viewing_bookings_conversation_idx')
      .on(t.conversationId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('viewing_bookings_reminder_idx')
      .on(t.status)
      .where(sql`${t.reminderSentAt} is null and ${t.status} <> 'cancelled'`),
  ],
);

export const forumTopics = pgTable(
  'forum_topics',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: other people's replies hang off a topic; its author's deletion anonymises it (decision 0051).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    messageCount: integer('message_count').notNull().default(0),
    lastActivityAt: ts('last_activity_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('forum_topics_activity_idx').on(t.lastActivityAt.desc(), t.id)],
);

export const forumMessages = pgTable(
  'forum_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topicId: uuid('topic_id')
      .notNull()
      .references(() => forumTopics.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('forum_messages_topic_idx').on(t.topicId, t.createdAt, t.id)],
);

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: contactStatusEnum('status').notNull().default('unread'),
    adminNotes: text('admin_notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_submissions_status_idx').on(t.status, t.createdAt.desc())],
);

/**
 * The email about one conversation's viewing (issue 29): the first change is mailed at once; later changes within
 * VIEWING_EMAIL_WINDOW_MS are held here (`due_at`) and go as one email of the latest state when the window ends, so
 * a burst of moves sends a few emails, not one per move. Kept in the database so a restart loses nothing pending.
 * `event_uid` and `sequence` are the calendar event both sides hold: a move is the same UID with a higher SEQUENCE.
 */
export const viewingNotices = pgTable(
  'viewing_notices',
  {
    conversationId: uuid('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    lastSentAt: ts('last_sent_at'),
    /** When the held change goes out; null when nothing is held. */
    dueAt: ts('due_at'),
    /** The booking the latest change was about: what the next email describes. */
    bookingId: uuid('booking_id'),
    /** The latest change held (booked, moved, confirmed, cancelled): the held email's headline. */
    pendingChange: text('pending_change'),
    eventUid: text('event_uid'),
    sequence: integer('sequence').notNull().default(0),
    /** What the last email said (`<slot id>:<status>`), so a burst that ends where it began sends nothing more. */
    announced: text('announced'),
  },
  (t) => [index('viewing_notices_due_idx').on(t.dueAt).where(sql`${t.dueAt} is not null`)],
);

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    kind: text('kind').notNull(),
    /** The names and types of files sent with it (a viewing's .ics); the content itself is not kept. */
    attachments: jsonb('attachments').$type<Array<{ filename: string; contentType: string }>>(),
    status: outboxStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('email_outbox_created_idx').on(t.createdAt.desc()),
    index('email_outbox_to_idx').on(t.toAddress, t.createdAt),
  ],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc()), index('audit_log_actor_idx').on(t.actorId)],
);

export const pageViews = pgTable(
  'page_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    path: text('path').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    referrer: text('referrer'),
    createdAt: createdAt(),
  },
  (t) => [index('page_views_created_idx').on(t.createdAt)],
);

// Payments (issue 5 drives these): one subscription per user and plan, invoices, and processed provider events.
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: payment records are kept PAYMENT_RECORDS_YEARS (src/domain/retention.ts, decision 0051).
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    plan: planEnum('plan').notNull(),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    status: text('status').notNull(),
    pricePence: integer('price_pence').notNull(),
    currentPeriodEnd: ts('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** The request to start at once within the 14-day cancellation period (CCR 2013 reg. 36), and its wording. */
    startNowConsentAt: ts('start_now_consent_at'),
    consentVersion: text('consent_version'),
    /** When the first payment went through: the cancellation period and the reminders count from here. */
    startedAt: ts('started_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscriptions_provider_key').on(t.provider, t.providerSubscriptionId),
    index('subscriptions_user_idx').on(t.userId),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    amountPence: integer('amount_pence').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull(),
    periodStart: ts('period_start'),
    periodEnd: ts('period_end'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_provider_key').on(t.providerInvoiceId),
    index('invoices_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A refund of a cancellation within 14 days (pro rata for the days used): one per subscription. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the account goes: a refund is a financial record. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    paidPence: integer('paid_pence').notNull(),
    amountPence: integer('amount_pence').notNull(),
    daysUsed: integer('days_used').notNull(),
    daysInPeriod: integer('days_in_period').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refunds_provider_key').on(t.provider, t.providerRefundId),
    uniqueIndex('refunds_subscription_key').on(t.subscriptionId),
    index('refunds_user_idx').on(t.userId),
  ],
);

/** Reminders sent about a continuing plan: one row per subscription, kind and number, so each goes once. */
export const subscriptionReminders = pgTable(
  'subscription_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: integer('number').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [uniqueIndex('subscription_reminders_key').on(t.subscriptionId, t.kind, t.number)],
);

export const paymentEvents = pgTable('payment_events', {
  /** Provider event id: a replayed webhook finds its row and does nothing. */
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

// ---- From viewing to tenancy (issue 31, decision 0063) ----
// Your Place holds the record both sides agreed; it takes no money for the tenancy and issues no contract.

/** The tenant's own renter profile: only they see it until they apply, when a snapshot goes with the application. */
export const renterProfiles = pgTable('renter_profiles', {
  // Only theirs: account deletion removes it (applications keep their own snapshot, anonymised).
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  introduction: text('introduction').notNull().default(''),
  /** How many people would live in the home (adults and children alike; never asked apart: RRA 2025). */
  householdSize: smallint('household_size'),
  /** none | has_pets; the details in petDetails. Null when not said. */
  pets: text('pets'),
  petDetails: text('pet_details'),
  moveInFrom: date('move_in_from', { mode: 'string' }),
  /** Optional; never required to apply. Whole pounds are enough but pence keep money one unit everywhere. */
  monthlyIncomePence: integer('monthly_income_pence'),
  /** Null: not said. */
  guarantorAvailable: boolean('guarantor_available'),
  /** A Home Office right-to-rent share code as typed, normalised (9 characters, no spaces). */
  rightToRentShareCode: text('right_to_rent_share_code'),
  previousLandlordName: text('previous_landlord_name'),
  previousLandlordEmail: text('previous_landlord_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const applicationStatusEnum = pgEnum('application_status', [
  'submitted',
  'offered',
  'accepted',
  'declined',
  'withdrawn',
]);

/** A tenant's application for a live listing, made from their conversation about it. */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict throughout: an application is both sides' record (decision 0051); accounts are anonymised.
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'restrict' }),
    status: applicationStatusEnum('status').notNull().default('submitted'),
    message: text('message'),
    /** The renter profile as it was when they applied (the landlord sees this, not later edits). */
    profile: jsonb('profile').notNull(),
    offerStartDate: date('offer_start_date', { mode: 'string' }),
    offerRentPence: integer('offer_rent_pence'),
    offerDepositPence: integer('offer_deposit_pence'),
    offeredAt: ts('offered_at'),
    /** A fixed list (src/domain/applications.ts); never children or benefits. */
    declineReason: text('decline_reason'),
    declineNote: text('decline_note'),
    declinedAt: ts('declined_at'),
    withdrawnAt: ts('withdrawn_at'),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One application per tenant and home; a withdrawn one may be followed by another.
    uniqueIndex('applications_open_idx').on(t.propertyId, t.tenantId).where(sql`${t.status} <> 'withdrawn'`),
    index('applications_property_idx').on(t.propertyId, t.createdAt, t.id),
    index('applications_tenant_idx').on(t.tenantId, t.createdAt.desc()),
  ],
);

/** A reference asked of the previous landlord an application names: a one-time emailed link, 14 days. */
export const referenceRequests = pgTable(
  'reference_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    refereeName: text('referee_name').notNull(),
    refereeEmail: text('referee_email').notNull(),
    /** SHA-256 of the emailed token; the token itself is never stored or logged. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    tenancyFrom: date('tenancy_from', { mode: 'string' }),
    tenancyTo: date('tenancy_to', { mode: 'string' }),
    /** always | mostly | rarely */
    rentOnTime: text('rent_on_time'),
    wouldLetAgain: boolean('would_let_again'),
    comments: text('comments'),
    answeredAt: ts('answered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reference_requests_token_idx').on(t.tokenHash),
    index('reference_requests_application_idx').on(t.applicationId, t.createdAt),
  ],
);

/** The tenancy both sides agreed: made when the tenant accepts an offer. */
export const tenancies = pgTable(
  'tenancies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'restrict' }),
    landlordId: uuid('landlord_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    rentPence: integer('rent_pence').notNull(),
    depositPence: integer('deposit_pence').notNull(),
    /** When the landlord received the deposit; protection is due 30 days on (Housing Act 2004 s.213). */
    depositReceivedOn: date('deposit_received_on', { mode: 'string' }),
    /** dps | mydeposits | tds (England and Wales); safedeposits_scotland | mydeposits_scotland | lps_scotland. */
    depositScheme: text('deposit_scheme'),
    depositReference: text('deposit_reference'),
    depositProtectedOn: date('deposit_protected_on', { mode: 'string' }),
    /** The government's information sheet for the nation was given to the tenant on this date. */
    informationSheetGivenOn: date('information_sheet_given_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenancies_application_idx').on(t.applicationId),
    index('tenancies_landlord_idx').on(t.landlordId, t.startDate.desc()),
    index('tenancies_property_idx').on(t.propertyId),
  ],
);

/** Who the tenants of a tenancy are (one today, the applicant; joint tenancies add rows). */
export const tenancyTenants = pgTable(
  'tenancy_tenants',
  {
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.tenancyId, t.userId] }), index('tenancy_tenants_user_idx').on(t.userId)],
);

// ---- Compliance calendar (issue 32 item 4, decision 0069) ----

/**
 * A compliance check recorded for a home (gas safety, EICR, EPC, alarms, deposit protection, licence), with its
 * certificate. Every record stays: the latest done of each kind is current, the others are its history.
 */
export const complianceRecords = pgTable(
  'compliance_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Restrict: the home's tenants rely on these (decision 0051); a deleted listing keeps them.
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    /** src/domain/compliance.ts COMPLIANCE_KINDS. */
    kind: text('kind').notNull(),
    completedOn: date('completed_on', { mode: 'string' }).notNull(),
    /** The date the certificate itself gives, as the landlord entered it. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** When it is next due, worked out when recorded (nextDueOn): the reminders read this. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The landlord said the home needs none (no gas supply, no licensing scheme). */
    notRequired: boolean('not_required').notNull().default(false),
    /** The certificate's storage key under certificates/ (never served at /media/), its name, type and size. */
    certificateKey: text('certificate_key'),
    certificateName: text('certificate_name'),
    certificateType: text('certificate_type'),
    certificateBytes: integer('certificate_bytes'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('compliance_records_property_idx').on(
      t.propertyId,
      t.kind,
      t.completedOn.desc(),
      t.createdAt.desc(),
    ),
  ],
);

/** A compliance reminder sent for one due date and stage (60, 30, 7 days before, overdue): each goes once. */
export const complianceReminders = pgTable(
  'compliance_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    /** d60 | d30 | d7 | overdue */
    stage: text('stage').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [uniqueIndex('compliance_reminders_key').on(t.propertyId, t.kind, t.dueOn, t.stage)],
);

export const repairStatusEnum = pgEnum('repair_status', [
  'reported',
  'quoting',
  'quote_accepted',
  'visit_agreed',
  'work_done',
  'resolved',
]);

/**
 * A repair reported on a tenancy (issue 32; decision 0070): one shared job between the tenancy's parties, with a
 * clock (due_by from the target its category and urgency set, computed in src/domain/repairs.ts). Restrict
 * throughout: a repair is the landlord's record of their home and the tenant's of their report (decision 0051);
 * a deleting tenant's repairs stay, anonymised. Item 3 adds quote requests, quotes and a visit beside it.
 */
export const repairs = pgTable(
  'repairs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenancyId: uuid('tenancy_id')
      .notNull()
      .references(() => tenancies.id, { onDelete: 'restrict' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'restrict' }),
    /** A tenant of the tenancy, or its landlord logging a repair the tenant told them of. */
    reportedBy: uuid('reported_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** src/domain/repairs.ts REPAIR_CATEGORIES */
    category: text('category').notNull(),
    /** emergency | urgent | routine */
    urgency: text('urgency').notNull(),
    /** How to get in (the parties only; a trade sees them once a visit is agreed). */
    accessNotes: text('access_notes'),
    status: repairStatusEnum('status').notNull().default('reported'),
    /** make_safe | investigate | repair: what the target asks by due_by. */
    clockTarget: text('clock_target').notNull(),
    reportedAt: ts('reported_at').notNull(),
    dueBy: ts('due_by').notNull(),
    dueSoonAt: ts('due_soon_at').notNull(),
    /** When the work was done or the landlord marked it fixed: the clock's state is read at this moment. */
    clockStoppedAt: ts('clock_stopped_at'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    /** Each reminder once (the job claims the row by setting these). */
    dueSoonNotifiedAt: ts('due_soon_notified_at'),
    overdueNotifiedAt: ts('overdue_notified_at'),
    // ---- item 3: the trade ----
    /** The trade whose quote was accepted (restrict: the job is the trade's record too). */
    contractorId: uuid('contractor_id').references(() => contractors.id, { onDelete: 'restrict' }),
    acceptedQuoteId: uuid('accepted_quote_id'),
    /** The times the trade proposed for the visit (ISO instants), until the tenant picks one. */
    visitOptions: jsonb('visit_options').$type<string[]>(),
    visitAt: ts('visit_at'),
    workDoneAt: ts('work_done_at'),
    workDoneNote: text('work_done_note'),
    /** work_done_at + 7 days: no answer from the tenant by then counts as confirmed (the auto-confirm job). */
    confirmBy: ts('confirm_by'),
    confirmedAt: ts('confirmed_at'),
    reopenCount: smallint('reopen_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('repairs_confirm_by_idx').on(t.confirmBy).where(sql`${t.status} = 'work_done'`),
    index('repairs_contractor_idx').on(t.contractorId),
    index('repairs_tenancy_idx').on(t.tenancyId, t.reportedAt.desc()),
    index('repairs_reporter_idx').on(t.reportedBy),
    // The reminder job's two questions: running clocks near their target, and past it.
    index('repairs_due_soon_idx')
      .on(t.dueSoonAt)
      .where(sql`${t.clockStoppedAt} is null and ${t.dueSoonNotifiedAt} is null`),
    index('repairs_overdue_idx')
      .on(t.dueBy)
      .where(sql`${t.clockStoppedAt} is null and ${t.overdueNotifiedAt} is null`),
  ],
);

/** A repair's timeline: every step, in order (src/domain/repairs.ts REPAIR_STEP_KINDS). */
export const repairEvents = pgTable(
  'repair_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    repairId: uuid('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    /** Who took the step; null for the site's own (reminders) or a deleted account's. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /** What item 3's steps carry (a quote's id, a visit's time). */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('repair_events_repair_idx').on(t.repairId, t.seq)],
);

/** Photos of a repair: the tenant's with the report, the trade's with the finished work (item 3). */
export const repairPhotos = pgTable(
  'repair_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repairId: uuid('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'restrict' }),
    /** report | completion */
    stage: text('stage').notNull().default('report'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url'),
    storageKey: text('storage_key'),
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
  },
  (t) => [index('repair_photos_repair_idx').on(t.repairId, t.stage, t.position)],
);

/**
 * A trade's quote for a repair it was invited to (issue 32 item 3): one per invitation (lead). `status`: open,
 * accepted, declined (another was accepted, or the repair was fixed without a trade).
 */
export const repairQuotes = pgTable(
  'repair_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    repairId: uuid('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'restrict' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'restrict' }),
    contractorId: uuid('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'restrict' }),
    /** In pence; the API takes and gives pounds. */
    amountPence: integer('amount_pence').notNull(),
    earliestVisit: date('earliest_visit', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('open'),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('repair_quotes_lead_key').on(t.leadId),
    index('repair_quotes_repair_idx').on(t.repairId, t.createdAt),
  ],
);

/**
 * The one conversation of a repair (issue 32 item 3): the tenants, the landlord and, once a quote is accepted, the
 * trade. A system line (sender null) marks each step. Kept beside the repair rather than as a two-party
 * `conversations` row, because three people share it.
 */
export const repairMessages = pgTable(
  'repair_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    repairId: uuid('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'restrict' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** text | system */
    kind: text('kind').notNull().default('text'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('repair_messages_repair_idx').on(t.repairId, t.seq)],
);

/** Each party's read mark and last email time for a repair's conversation. */
export const repairReads = pgTable(
  'repair_reads',
  {
    repairId: uuid('repair_id')
      .notNull()
      .references(() => repairs.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    emailedAt: ts('emailed_at'),
  },
  (t) => [primaryKey({ columns: [t.repairId, t.userId] })],
);
