// The data export's SQL (decision 0054): one small read per table, each bounded to one person's rows by an indexed
// or a small column. Secrets (password hash, session ids, token hashes) are never selected: they are counted.
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  alertDeliveries,
  applications,
  auditLog,
  complianceRecords,
  complianceReminders,
  contactSubmissions,
  contentSubmissions,
  contractorImages,
  contractors,
  conversationReports,
  conversations,
  emailChangeRequests,
  emailOutbox,
  forumMessages,
  forumTopics,
  invoices,
  leads,
  mediaUploads,
  messages,
  notificationSettings,
  pageViews,
  passwordResetTokens,
  properties,
  propertyImages,
  propertyInteractions,
  propertyRentChanges,
  referenceRequests,
  refunds,
  renterProfiles,
  repairQuotes,
  reviews,
  savedSearches,
  sessions,
  subscriptionReminders,
  subscriptions,
  tenancies,
  tenancyTenants,
  tradeChecks,
  userBlocks,
  users,
  viewingBookings,
  viewingSlots,
} from '../../db/schema';

const nameOf = (table: { firstName: typeof users.firstName; lastName: typeof users.lastName }) =>
  sql<string>`trim(coalesce(${table.firstName}, '') || ' ' || coalesce(${table.lastName}, ''))`;

// ---- the account ----

export async function findAccount(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      userType: users.userType,
      role: users.role,
      phone: users.phone,
      bio: users.bio,
      profileImageUrl: users.profileImageUrl,
      isPremium: users.isPremium,
      premiumUntil: users.premiumUntil,
      subscriptionPlan: users.subscriptionPlan,
      subscriptionStatus: users.subscriptionStatus,
      currentPeriodEnd: users.currentPeriodEnd,
      cancelAtPeriodEnd: users.cancelAtPeriodEnd,
      paymentCustomerId: users.stripeCustomerId,
      paymentSubscriptionId: users.stripeSubscriptionId,
      isDemo: users.isDemo,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findSettings(db: Executor, userId: string) {
  const [row] = await db
    .select({
      email: notificationSettings.email,
      propertyAlerts: notificationSettings.propertyAlerts,
      marketingEmails: notificationSettings.marketingEmails,
      securityAlerts: notificationSettings.securityAlerts,
      updatedAt: notificationSettings.updatedAt,
    })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row ?? null;
}

/** Sessions without their ids (a session id is the cookie's hash). */
export async function listSessions(db: Executor, userId: string) {
  return db
    .select({
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      startedByStaffForDemo: isNotNull(sessions.impersonatorId),
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function listPasswordResets(db: Executor, userId: string) {
  return db
    .select({
      createdAt: passwordResetTokens.createdAt,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(desc(passwordResetTokens.createdAt));
}

export async function listEmailChanges(db: Executor, userId: string) {
  return db
    .select({
      newEmail: emailChangeRequests.newEmail,
      createdAt: emailChangeRequests.createdAt,
      expiresAt: emailChangeRequests.expiresAt,
      usedAt: emailChangeRequests.usedAt,
    })
    .from(emailChangeRequests)
    .where(eq(emailChangeRequests.userId, userId))
    .orderBy(desc(emailChangeRequests.createdAt));
}

export async function listUploads(db: Executor, userId: string) {
  return db
    .select({ folder: mediaUploads.folder, url: mediaUploads.url, createdAt: mediaUploads.createdAt })
    .from(mediaUploads)
    .where(eq(mediaUploads.userId, userId))
    .orderBy(desc(mediaUploads.createdAt));
}

// ---- homes saved and searched ----

export async function listInteractions(db: Executor, userId: string) {
  return db
    .select({
      type: propertyInteractions.type,
      propertyId: propertyInteractions.propertyId,
      title: properties.title,
      address: properties.address,
      postcode: properties.postcode,
      outcode: properties.outcode,
      at: propertyInteractions.createdAt,
    })
    .from(propertyInteractions)
    .innerJoin(properties, eq(properties.id, propertyInteractions.propertyId))
    .where(eq(propertyInteractions.userId, userId))
    .orderBy(desc(propertyInteractions.createdAt));
}

export async function listSavedSearches(db: Executor, userId: string) {
  return db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      emailAlerts: savedSearches.emailAlerts,
      alertFrequency: savedSearches.alertFrequency,
      searchCriteria: savedSearches.searchCriteria,
      lastAlertAt: savedSearches.lastAlertAt,
      lastCheckedAt: savedSearches.lastCheckedAt,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt));
}

export async function listAlertDeliveries(db: Executor, userId: string) {
  return db
    .select({
      propertyId: alertDeliveries.propertyId,
      title: properties.title,
      savedSearchId: alertDeliveries.savedSearchId,
      sentAt: alertDeliveries.sentAt,
    })
    .from(alertDeliveries)
    .innerJoin(properties, eq(properties.id, alertDeliveries.propertyId))
    .where(eq(alertDeliveries.userId, userId))
    .orderBy(desc(alertDeliveries.sentAt));
}

// ---- listings ----

export async function listListings(db: Executor, userId: string) {
  const {
    searchVector: _search,
    area: _area,
    // Derived from the address, which is exported (decision 0058).
    publicStreet: _street,
    landlordId: _landlord,
    ...columns
  } = getTableColumns(properties);
  return db
    .select(columns)
    .from(properties)
    .where(eq(properties.landlordId, userId))
    .orderBy(asc(properties.createdAt));
}

export async function listListingPhotos(db: Executor, propertyIds: string[]) {
  if (propertyIds.length === 0) return [];
  return db
    .select({
      propertyId: propertyImages.propertyId,
      position: propertyImages.position,
      url: propertyImages.url,
      thumbUrl: propertyImages.thumbUrl,
      alt: propertyImages.alt,
      width: propertyImages.width,
      height: propertyImages.height,
      createdAt: propertyImages.createdAt,
    })
    .from(propertyImages)
    .where(inArray(propertyImages.propertyId, propertyIds))
    .orderBy(asc(propertyImages.propertyId), asc(propertyImages.position));
}

export async function listRentChanges(db: Executor, propertyIds: string[]) {
  if (propertyIds.length === 0) return [];
  return db
    .select({
      propertyId: propertyRentChanges.propertyId,
      fromPence: propertyRentChanges.fromPence,
      toPence: propertyRentChanges.toPence,
      changedAt: propertyRentChanges.changedAt,
      savedByNotifiedAt: propertyRentChanges.notifiedAt,
    })
    .from(propertyRentChanges)
    .where(inArray(propertyRentChanges.propertyId, propertyIds))
    .orderBy(asc(propertyRentChanges.changedAt));
}

/** A landlord's viewing times, with how many places are taken (who took them is in the conversations). */
export async function listViewingSlots(db: Executor, propertyIds: string[]) {
  if (propertyIds.length === 0) return [];
  return db
    .select({
      propertyId: viewingSlots.propertyId,
      startsAt: viewingSlots.startsAt,
      durationMinutes: viewingSlots.durationMinutes,
      capacity: viewingSlots.capacity,
      note: viewingSlots.note,
      cancelledAt: viewingSlots.cancelledAt,
      createdAt: viewingSlots.createdAt,
      booked: sql<number>`(select count(*)::int from ${viewingBookings}
        where ${viewingBookings.slotId} = ${viewingSlots.id} and ${viewingBookings.status} <> 'cancelled')`,
    })
    .from(viewingSlots)
    .where(inArray(viewingSlots.propertyId, propertyIds))
    .orderBy(asc(viewingSlots.startsAt));
}

export async function listSubmissions(db: Executor, userId: string) {
  return db
    .select({
      id: contentSubmissions.id,
      contentType: contentSubmissions.contentType,
      contentData: contentSubmissions.contentData,
      targetId: contentSubmissions.targetId,
      status: contentSubmissions.submissionStatus,
      reviewNotes: contentSubmissions.adminNotes,
      reviewedAt: contentSubmissions.reviewedAt,
      createdAt: contentSubmissions.createdAt,
    })
    .from(contentSubmissions)
    .where(eq(contentSubmissions.userId, userId))
    .orderBy(asc(contentSubmissions.createdAt));
}

// ---- trade ----

/** The renter profile as stored (money in pence, as everywhere in the document). */
export async function findRenterProfile(db: Executor, userId: string) {
  const { userId: _user, ...columns } = getTableColumns(renterProfiles);
  const [row] = await db
    .select(columns)
    .from(renterProfiles)
    .where(eq(renterProfiles.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function findContractorProfile(db: Executor, userId: string) {
  const { ratingSum: _sum, userId: _user, ...columns } = getTableColumns(contractors);
  const [row] = await db.select(columns).from(contractors).where(eq(contractors.userId, userId)).limit(1);
  return row ?? null;
}

export async function listContractorImages(db: Executor, contractorId: string) {
  return db
    .select({
      position: contractorImages.position,
      url: contractorImages.url,
      thumbUrl: contractorImages.thumbUrl,
      createdAt: contractorImages.createdAt,
    })
    .from(contractorImages)
    .where(eq(contractorImages.contractorId, contractorId))
    .orderBy(asc(contractorImages.position));
}

/** What staff checked about the trade; which member of staff is their own record (the audit log), not the trade's. */
export async function listTradeChecks(db: Executor, contractorId: string) {
  return db
    .select({
      kind: tradeChecks.kind,
      provider: tradeChecks.provider,
      registrationNumber: tradeChecks.registrationNumber,
      expiresOn: tradeChecks.expiresOn,
      checkedAt: tradeChecks.checkedAt,
      revokedAt: tradeChecks.revokedAt,
    })
    .from(tradeChecks)
    .where(eq(tradeChecks.contractorId, contractorId))
    .orderBy(asc(tradeChecks.checkedAt));
}

const reviewColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  customerName: reviews.customerName,
  // The job a verified review rests on, and the trade's reply (decision 0073).
  verified: reviews.verified,
  jobMonth: reviews.jobMonth,
  jobCategory: reviews.jobCategory,
  reply: reviews.reply,
  repliedAt: reviews.repliedAt,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
};

export async function listReviewsReceived(db: Executor, contractorId: string) {
  return db
    .select(reviewColumns)
    .from(reviews)
    .where(eq(reviews.contractorId, contractorId))
    .orderBy(asc(reviews.createdAt));
}

export async function listReviewsWritten(db: Executor, userId: string) {
  return db
    .select({ ...reviewColumns, contractorId: reviews.contractorId, businessName: contractors.businessName })
    .from(reviews)
    .innerJoin(contractors, eq(contractors.id, reviews.contractorId))
    .where(eq(reviews.authorId, userId))
    .orderBy(asc(reviews.createdAt));
}

const leadColumns = {
  id: leads.id,
  jobTitle: leads.jobTitle,
  description: leads.description,
  location: leads.location,
  contactEmail: leads.contactEmail,
  contactPhone: leads.contactPhone,
  preferredDate: leads.preferredDate,
  status: leads.status,
  createdAt: leads.createdAt,
  updatedAt: leads.updatedAt,
};

export async function listLeadsReceived(db: Executor, contractorId: string) {
  return db
    .select(leadColumns)
    .from(leads)
    .where(eq(leads.contractorId, contractorId))
    .orderBy(asc(leads.createdAt));
}

/** The quotes a trade gave for repairs it was asked to quote for (decision 0071). */
export async function listRepairQuotesGiven(db: Executor, contractorId: string) {
  return db
    .select({
      repairId: repairQuotes.repairId,
      amountPence: repairQuotes.amountPence,
      earliestVisit: repairQuotes.earliestVisit,
      note: repairQuotes.note,
      status: repairQuotes.status,
      decidedAt: repairQuotes.decidedAt,
      createdAt: repairQuotes.createdAt,
    })
    .from(repairQuotes)
    .where(eq(repairQuotes.contractorId, contractorId))
    .orderBy(asc(repairQuotes.createdAt));
}

export async function listLeadsSent(db: Executor, userId: string) {
  return db
    .select({ ...leadColumns, contractorId: leads.contractorId, businessName: contractors.businessName })
    .from(leads)
    .innerJoin(contractors, eq(contractors.id, leads.contractorId))
    .where(eq(leads.requesterId, userId))
    .orderBy(asc(leads.createdAt));
}

// ---- conversations ----

/** The conversations the person is in, with the other party's name as the conversation shows it. */
export async function listConversations(db: Executor, userId: string) {
  return db
    .select({
      id: conversations.id,
      kind: conversations.kind,
      propertyId: conversations.propertyId,
      propertyTitle: properties.title,
      leadId: conversations.leadId,
      youStarted: sql<boolean>`${conversations.starterId} = ${userId}`,
      otherPartyName: sql<string>`(select ${nameOf(users)} from ${users} where ${users.id} =
        case when ${conversations.starterId} = ${userId} then ${conversations.ownerId} else ${conversations.starterId} end)`,
      createdAt: conversations.createdAt,
      lastMessageAt: conversations.lastMessageAt,
      youLastReadAt: sql<Date | null>`case when ${conversations.starterId} = ${userId}
        then ${conversations.starterReadAt} else ${conversations.ownerReadAt} end`.mapWith(
        conversations.starterReadAt,
      ),
    })
    .from(conversations)
    .leftJoin(properties, eq(properties.id, conversations.propertyId))
    .where(or(eq(conversations.starterId, userId), eq(conversations.ownerId, userId)))
    .orderBy(asc(conversations.createdAt));
}

export async function listMessages(db: Executor, conversationIds: string[]) {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      kind: messages.kind,
      body: messages.body,
      details: messages.details,
      sentAt: messages.createdAt,
    })
    .from(messages)
    .where(inArray(messages.conversationId, conversationIds))
    .orderBy(asc(messages.conversationId), asc(messages.createdAt), asc(messages.seq));
}

export async function listBlocks(db: Executor, userId: string) {
  return db
    .select({ blockedName: nameOf(users), createdAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, userId))
    .orderBy(asc(userBlocks.createdAt));
}

/** How many people blocked this person: counted for notIncluded, never named. */
export async function countBlockedBy(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userBlocks).where(eq(userBlocks.blockedId, userId));
  return Number(row?.n ?? 0);
}

export async function listViewings(db: Executor, userId: string) {
  return db
    .select({
      conversationId: viewingBookings.conversationId,
      propertyTitle: properties.title,
      address: properties.address,
      postcode: properties.postcode,
      outcode: properties.outcode,
      startsAt: viewingSlots.startsAt,
      durationMinutes: viewingSlots.durationMinutes,
      status: viewingBookings.status,
      cancelReason: viewingBookings.cancelReason,
      createdAt: viewingBookings.createdAt,
      updatedAt: viewingBookings.updatedAt,
    })
    .from(viewingBookings)
    .innerJoin(viewingSlots, eq(viewingSlots.id, viewingBookings.slotId))
    .innerJoin(properties, eq(properties.id, viewingSlots.propertyId))
    .where(eq(viewingBookings.tenantId, userId))
    .orderBy(asc(viewingSlots.startsAt));
}

/** What was decided on an application, as both its tenant and its landlord have it. */
const decisionColumns = {
  applicationId: applications.id,
  propertyTitle: properties.title,
  status: applications.status,
  offerStartDate: applications.offerStartDate,
  offerRentPence: applications.offerRentPence,
  offerDepositPence: applications.offerDepositPence,
  offeredAt: applications.offeredAt,
  declineReason: applications.declineReason,
  declineNote: applications.declineNote,
  declinedAt: applications.declinedAt,
  withdrawnAt: applications.withdrawnAt,
  acceptedAt: applications.acceptedAt,
  appliedAt: applications.createdAt,
};

/** Applications the person made, with the profile snapshot the landlord was sent. */
export async function listApplicationsMade(db: Executor, userId: string) {
  return db
    .select({
      ...decisionColumns,
      address: properties.address,
      message: applications.message,
      profileSent: applications.profile,
    })
    .from(applications)
    .innerJoin(properties, eq(properties.id, applications.propertyId))
    .where(eq(applications.tenantId, userId))
    .orderBy(asc(applications.createdAt));
}

/** The decisions the person made as landlord on applications for their homes (not the applicants' profiles). */
export async function listApplicationDecisions(db: Executor, userId: string) {
  return db
    .select(decisionColumns)
    .from(applications)
    .innerJoin(properties, eq(properties.id, applications.propertyId))
    .where(eq(properties.landlordId, userId))
    .orderBy(asc(applications.createdAt));
}

/** Tenancies the person is a party to, as landlord or as one of its tenants. */
export async function listTenancies(db: Executor, userId: string) {
  return db
    .select({
      tenancyId: tenancies.id,
      role: sql<
        'landlord' | 'tenant'
      >`case when ${tenancies.landlordId} = ${userId} then 'landlord' else 'tenant' end`,
      propertyTitle: properties.title,
      address: properties.address,
      postcode: properties.postcode,
      startDate: tenancies.startDate,
      rentPence: tenancies.rentPence,
      depositPence: tenancies.depositPence,
      depositReceivedOn: tenancies.depositReceivedOn,
      depositScheme: tenancies.depositScheme,
      depositReference: tenancies.depositReference,
      depositProtectedOn: tenancies.depositProtectedOn,
      informationSheetGivenOn: tenancies.informationSheetGivenOn,
      createdAt: tenancies.createdAt,
    })
    .from(tenancies)
    .innerJoin(properties, eq(properties.id, tenancies.propertyId))
    .where(
      or(
        eq(tenancies.landlordId, userId),
        inArray(
          tenancies.id,
          db
            .select({ id: tenancyTenants.tenancyId })
            .from(tenancyTenants)
            .where(eq(tenancyTenants.userId, userId)),
        ),
      ),
    )
    .orderBy(asc(tenancies.startDate));
}

/**
 * References about the person (their applications) and those they asked for (applications on their homes), with
 * the answers. The referee's email address is theirs, not the person's: only their name is given.
 */
export async function listReferences(db: Executor, userId: string) {
  return db
    .select({
      applicationId: referenceRequests.applicationId,
      aboutYou: sql<boolean>`${applications.tenantId} = ${userId}`,
      propertyTitle: properties.title,
      address: properties.address,
      postcode: properties.postcode,
      outcode: properties.outcode,
      refereeName: referenceRequests.refereeName,
      requestedAt: referenceRequests.createdAt,
      expiresAt: referenceRequests.expiresAt,
      tenancyFrom: referenceRequests.tenancyFrom,
      tenancyTo: referenceRequests.tenancyTo,
      rentOnTime: referenceRequests.rentOnTime,
      wouldLetAgain: referenceRequests.wouldLetAgain,
      comments: referenceRequests.comments,
      answeredAt: referenceRequests.answeredAt,
    })
    .from(referenceRequests)
    .innerJoin(applications, eq(applications.id, referenceRequests.applicationId))
    .innerJoin(properties, eq(properties.id, applications.propertyId))
    .where(or(eq(applications.tenantId, userId), eq(properties.landlordId, userId)))
    .orderBy(asc(referenceRequests.createdAt), asc(referenceRequests.id));
}

export async function listReportsFiled(db: Executor, userId: string) {
  return db
    .select({
      conversationId: conversationReports.conversationId,
      reason: conversationReports.reason,
      status: conversationReports.status,
      createdAt: conversationReports.createdAt,
      closedAt: conversationReports.closedAt,
    })
    .from(conversationReports)
    .where(eq(conversationReports.reporterId, userId))
    .orderBy(asc(conversationReports.createdAt));
}

// ---- forum and contact ----

export async function listForumTopics(db: Executor, userId: string) {
  return db
    .select({
      id: forumTopics.id,
      title: forumTopics.title,
      description: forumTopics.description,
      createdAt: forumTopics.createdAt,
    })
    .from(forumTopics)
    .where(eq(forumTopics.userId, userId))
    .orderBy(asc(forumTopics.createdAt));
}

export async function listForumPosts(db: Executor, userId: string) {
  return db
    .select({
      topicId: forumMessages.topicId,
      topicTitle: forumTopics.title,
      content: forumMessages.content,
      createdAt: forumMessages.createdAt,
    })
    .from(forumMessages)
    .innerJoin(forumTopics, eq(forumTopics.id, forumMessages.topicId))
    .where(eq(forumMessages.userId, userId))
    .orderBy(asc(forumMessages.createdAt));
}

export async function listContactMessages(db: Executor, userId: string) {
  return db
    .select({
      name: contactSubmissions.name,
      email: contactSubmissions.email,
      subject: contactSubmissions.subject,
      message: contactSubmissions.message,
      status: contactSubmissions.status,
      staffNotes: contactSubmissions.adminNotes,
      createdAt: contactSubmissions.createdAt,
    })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.userId, userId))
    .orderBy(asc(contactSubmissions.createdAt));
}

// ---- payments ----

export async function listSubscriptions(db: Executor, userId: string) {
  return db
    .select({
      id: subscriptions.id,
      plan: subscriptions.plan,
      provider: subscriptions.provider,
      providerSubscriptionId: subscriptions.providerSubscriptionId,
      status: subscriptions.status,
      pricePence: subscriptions.pricePence,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      startNowConsentAt: subscriptions.startNowConsentAt,
      consentVersion: subscriptions.consentVersion,
      startedAt: subscriptions.startedAt,
      createdAt: subscriptions.createdAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.createdAt));
}

export async function listPlanReminders(db: Executor, subscriptionIds: string[]) {
  if (subscriptionIds.length === 0) return [];
  return db
    .select({
      subscriptionId: subscriptionReminders.subscriptionId,
      kind: subscriptionReminders.kind,
      number: subscriptionReminders.number,
      sentAt: subscriptionReminders.sentAt,
    })
    .from(subscriptionReminders)
    .where(inArray(subscriptionReminders.subscriptionId, subscriptionIds))
    .orderBy(asc(subscriptionReminders.sentAt));
}

export async function listInvoices(db: Executor, userId: string) {
  return db
    .select({
      subscriptionId: invoices.subscriptionId,
      providerInvoiceId: invoices.providerInvoiceId,
      amountPence: invoices.amountPence,
      currency: invoices.currency,
      status: invoices.status,
      periodStart: invoices.periodStart,
      periodEnd: invoices.periodEnd,
      createdAt: invoices.createdAt,
    })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.createdAt));
}

export async function listRefunds(db: Executor, userId: string) {
  const { id: _id, userId: _user, ...columns } = getTableColumns(refunds);
  return db.select(columns).from(refunds).where(eq(refunds.userId, userId)).orderBy(asc(refunds.createdAt));
}

// ---- records of use ----

export async function listPageViews(db: Executor, userId: string) {
  return db
    .select({ path: pageViews.path, referrer: pageViews.referrer, viewedAt: pageViews.createdAt })
    .from(pageViews)
    .where(eq(pageViews.userId, userId))
    .orderBy(asc(pageViews.createdAt));
}

/**
 * Entries the person made, entries about their account, and failed sign-ins to their address (which have no
 * account id). Staff entries say what was done and when; which member of staff did it stays out (decision 0054).
 */
export async function listAuditEntries(db: Executor, userId: string, email: string) {
  const aboutThem: SQL[] = [
    eq(auditLog.actorId, userId),
    and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)) as SQL,
    and(isNull(auditLog.actorId), eq(auditLog.actorEmail, email)) as SQL,
  ];
  return db
    .select({
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      byYou: sql<boolean>`coalesce(${auditLog.actorId} = ${userId}, false)`,
      ip: sql<string | null>`case when ${auditLog.actorId} = ${userId} then ${auditLog.ip} end`,
      at: auditLog.createdAt,
    })
    .from(auditLog)
    .where(or(...aboutThem))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** Emails sent to the address, as the outbox keeps them: their one-time links were replaced when stored. */
export async function listEmailsSent(db: Executor, email: string) {
  return db
    .select({
      kind: emailOutbox.kind,
      subject: emailOutbox.subject,
      text: emailOutbox.textBody,
      status: emailOutbox.status,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(asc(emailOutbox.createdAt));
}

// ---- the compliance calendar (decision 0069) ----

/** Records a person made (their data export). */
export async function listComplianceRecordsBy(db: Executor, userId: string) {
  return db
    .select({
      id: complianceRecords.id,
      propertyId: complianceRecords.propertyId,
      kind: complianceRecords.kind,
      completedOn: complianceRecords.completedOn,
      expiresOn: complianceRecords.expiresOn,
      dueOn: complianceRecords.dueOn,
      notRequired: complianceRecords.notRequired,
      certificateName: complianceRecords.certificateName,
      createdAt: complianceRecords.createdAt,
    })
    .from(complianceRecords)
    .where(eq(complianceRecords.recordedBy, userId))
    .orderBy(asc(complianceRecords.createdAt));
}

/** Reminders sent about a landlord's homes (their data export). */
export async function listComplianceRemindersFor(db: Executor, landlordId: string) {
  return db
    .select({
      propertyId: complianceReminders.propertyId,
      kind: complianceReminders.kind,
      dueOn: complianceReminders.dueOn,
      stage: complianceReminders.stage,
      sentAt: complianceReminders.sentAt,
    })
    .from(complianceReminders)
    .innerJoin(properties, eq(properties.id, complianceReminders.propertyId))
    .where(eq(properties.landlordId, landlordId))
    .orderBy(asc(complianceReminders.sentAt));
}
