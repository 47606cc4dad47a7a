// Demo enquiries and viewings (issue 13): the premium demo tenant has asked about one of the demo landlord's homes,
// had a reply and a confirmed viewing; three other premium tenants have enquired and wait for a slot; the
// landlord has published three viewing slots. So both demo accounts open an inbox and a viewings page with life in
// them.
import { londonInstant } from '../../../domain/viewings';
import { conversations, messages, viewingBookings, viewingSlots } from '../schema';
import type { SeedContext } from './context';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** A London calendar day `n` days after `now`. */
function londonDay(now: Date, n: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(
    new Date(now.getTime() + n * DAY),
  );
}

export async function seedEnquiries(
  ctx: SeedContext,
  people: {
    premiumTenant: { id: string; firstName: string };
    landlord: { id: string; firstName: string };
    others: { id: string; name: string }[];
  },
  listing: { id: string; title: string },
): Promise<{ conversations: number; slots: number }> {
  const { db, now } = ctx;
  const ago = (ms: number) => new Date(now.getTime() - ms);

  const slots = [
    { startsAt: londonInstant(londonDay(now, 2), '11:00'), durationMinutes: 30, capacity: 2 },
    { startsAt: londonInstant(londonDay(now, 3), '17:30'), durationMinutes: 30, capacity: 3 },
    { startsAt: londonInstant(londonDay(now, 5), '10:00'), durationMinutes: 45, capacity: 4 },
  ].map((slot) => ({
    ...slot,
    propertyId: listing.id,
    note: 'Please ring the bell for the top flat.',
    createdAt: ago(DAY),
  }));
  const insertedSlots = await db.insert(viewingSlots).values(slots).returning();

  const [main] = await db
    .insert(conversations)
    .values({
      kind: 'enquiry',
      propertyId: listing.id,
      starterId: people.premiumTenant.id,
      ownerId: people.landlord.id,
      createdAt: ago(2 * DAY),
      lastMessageAt: ago(20 * HOUR),
      starterReadAt: ago(20 * HOUR),
      ownerReadAt: ago(20 * HOUR),
      ownerFirstReplyAt: ago(2 * DAY - 2 * HOUR),
    })
    .returning();
  await db.insert(messages).values([
    {
      conversationId: main.id,
      senderId: people.premiumTenant.id,
      body: `Hello ${people.landlord.firstName}, is "${listing.title}" still available? I would like to move in next month.`,
      // Only what a landlord may use before a viewing (issue 28): no children, no employment.
      details: { moveInDate: londonDay(now, 30), occupants: 1, pets: false },
      createdAt: ago(2 * DAY),
    },
    {
      conversationId: main.id,
      senderId: people.landlord.id,
      body: `Hi ${people.premiumTenant.firstName}, yes it is. I have put some viewing times up: book whichever suits you.`,
      createdAt: ago(2 * DAY - 2 * HOUR),
    },
    {
      conversationId: main.id,
      senderId: null,
      kind: 'system',
      body: `${people.premiumTenant.firstName} booked a viewing.`,
      createdAt: ago(DAY),
    },
    {
      conversationId: main.id,
      senderId: null,
      kind: 'system',
      body: `${people.landlord.firstName} confirmed the viewing.`,
      createdAt: ago(20 * HOUR),
    },
  ]);
  await db.insert(viewingBookings).values({
    slotId: insertedSlots[0].id,
    conversationId: main.id,
    tenantId: people.premiumTenant.id,
    status: 'confirmed',
    sequence: 1,
    createdAt: ago(DAY),
    updatedAt: ago(20 * HOUR),
  });

  // Others who asked and are waiting for a slot; the landlord answered two of them within hours.
  const waiting = people.others.filter((o) => o.id !== people.premiumTenant.id).slice(0, 3);
  for (const [i, other] of waiting.entries()) {
    const asked = ago((i + 1) * 6 * HOUR);
    const replied = i < 2 ? new Date(asked.getTime() + (i + 1) * HOUR) : null;
    const [conversation] = await db
      .insert(conversations)
      .values({
        kind: 'enquiry',
        propertyId: listing.id,
        starterId: other.id,
        ownerId: people.landlord.id,
        createdAt: asked,
        lastMessageAt: replied ?? asked,
        ownerReadAt: replied,
        ownerFirstReplyAt: replied,
      })
      .returning();
    await db.insert(messages).values([
      {
        conversationId: conversation.id,
        senderId: other.id,
        body: [
          'Hi, is parking included with the flat?',
          'Hello, would you consider a small, well-behaved cat?',
          'Is the flat available for a 12-month tenancy from the start of next month?',
        ][i % 3],
        details: { moveInDate: null, occupants: 2, pets: i === 1 },
        createdAt: asked,
      },
      ...(replied
        ? [
            {
              conversationId: conversation.id,
              senderId: people.landlord.id,
              body: 'Thanks for asking. Yes; book a viewing from the times in this conversation and we can talk it through.',
              createdAt: replied,
            },
          ]
        : []),
    ]);
  }
  return { conversations: 1 + waiting.length, slots: insertedSlots.length };
}
