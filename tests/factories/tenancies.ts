// A tenancy of a home, inserted directly as the accept step of issue 31 makes one (its conversation and accepted
// application with it), for features that build on the tenancy record (the compliance calendar).
import { applications, conversations, tenancies, tenancyTenants } from '../../src/server/db/schema';
import type { TestApp } from '../support/app';

export async function createTenancy(
  t: TestApp,
  options: {
    propertyId: string;
    landlordId: string;
    tenantIds: string[];
    startDate: string;
    depositPence?: number;
    depositReceivedOn?: string | null;
    depositProtectedOn?: string | null;
  },
): Promise<{ id: string }> {
  const [first] = options.tenantIds;
  const [conversation] = await t.db
    .insert(conversations)
    .values({
      kind: 'enquiry',
      propertyId: options.propertyId,
      starterId: first,
      ownerId: options.landlordId,
    })
    .returning({ id: conversations.id });
  const [application] = await t.db
    .insert(applications)
    .values({
      propertyId: options.propertyId,
      tenantId: first,
      conversationId: conversation.id,
      status: 'accepted',
      profile: {},
    })
    .returning({ id: applications.id });
  const [tenancy] = await t.db
    .insert(tenancies)
    .values({
      propertyId: options.propertyId,
      applicationId: application.id,
      landlordId: options.landlordId,
      startDate: options.startDate,
      rentPence: 100_000,
      depositPence: options.depositPence ?? 115_000,
      depositReceivedOn: options.depositReceivedOn ?? null,
      depositProtectedOn: options.depositProtectedOn ?? null,
    })
    .returning({ id: tenancies.id });
  await t.db
    .insert(tenancyTenants)
    .values(options.tenantIds.map((userId) => ({ tenancyId: tenancy.id, userId })));
  return tenancy;
}
