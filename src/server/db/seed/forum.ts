// Seeded tenant forum (doc 2): topics by premium tenants, each with replies; counts and activity kept consistent.
import { randomUUID } from 'node:crypto';
import { forumMessages, forumTopics } from '../schema';
import { insertInBatches } from './batch';
import type { SeedContext } from './context';
import { pastDate } from './random';

interface TopicScript {
  title: string;
  description: string;
  replies: string[];
}

const TOPICS: TopicScript[] = [
  {
    title: 'Deposit not returned after six weeks: what are my options?',
    description:
      'I moved out of my flat in Leeds at the end of last month and the landlord has gone quiet about the deposit. The place was left spotless. What should I do next?',
    replies: [
      'Your deposit should be in one of the government-approved protection schemes (DPS, mydeposits or TDS). Ask the landlord which one, then raise a dispute with it. It costs nothing.',
      'Same thing happened to me in Bristol. Once I opened a dispute the landlord returned everything except £40 for cleaning.',
      'Dig out your check-in inventory and any move-out photos. They are your best evidence.',
      'In England the landlord has to protect the deposit within 30 days of receiving it. If they never did, you can claim compensation of one to three times the deposit.',
    ],
  },
  {
    title: 'Is £1,350 a month fair for a two bed in Manchester city centre?',
    description:
      'Found a two bedroom flat near Piccadilly for £1,350 pcm, unfurnished, bills not included. It seems high compared with what I paid two years ago. Is this the going rate now?',
    replies: [
      'Sadly that is about normal for the centre now. Look at Salford Quays or Ancoats for a bit more space for the money.',
      'We pay £1,250 for a two bed in Chorlton, and the tram gets you into town in 20 minutes.',
      'Check what the service charge situation is. Some new builds include heating, which changes the maths.',
    ],
  },
  {
    title: 'Best areas in Bristol for a young couple on a budget?',
    description:
      'We are moving to Bristol in the spring for work, budget around £1,100 a month. Where should we be looking?',
    replies: [
      'Bedminster and Southville are lovely and still a little cheaper than Clifton.',
      'Easton and St George are worth a look too. Good buses into the centre.',
      'Avoid anything too close to the football ground on match days if you drive!',
      'Fishponds has some good value terraces and an improving high street.',
    ],
  },
  {
    title: 'Landlord wants viewings every weekend before we move out',
    description:
      'Our tenancy ends in six weeks and the agent wants to show the flat every Saturday. Do we have to agree to that?',
    replies: [
      'Check your tenancy agreement. Most require reasonable access for viewings with at least 24 hours notice.',
      'You have a right to quiet enjoyment, so it is reasonable to ask for viewings to be grouped into one slot a week.',
      'We agreed to Saturday mornings only and the agent was fine with it.',
    ],
  },
  {
    title: 'Mould in the bathroom: whose job is it to fix?',
    description:
      'Black mould keeps coming back on the bathroom ceiling no matter how much we ventilate. The extractor fan is very weak. Is this on us or the landlord?',
    replies: [
      'A broken or weak extractor fan is a repair for the landlord. Report it in writing.',
      'Keep a record of every time you reported it, with photos and dates.',
      'If they ignore it, your local council can inspect for damp and mould hazards.',
      'We had the same problem. A new humidity-sensing fan fixed it almost overnight.',
      'Wipe it with a mould spray in the meantime, but do not let that become the only fix.',
    ],
  },
  {
    title: 'Tips for first-time renters in Edinburgh',
    description:
      'Starting my postgrad in September and renting for the first time. Anything I should know about renting in Scotland?',
    replies: [
      'Landlords in Scotland must be on the landlord register. You can check the address online before you sign.',
      'New tenancies are private residential tenancies with no fixed end date, and you give 28 days notice to leave.',
      'Look early. The festival and the start of term make August very busy.',
    ],
  },
  {
    title: 'How much notice do I need to give on a rolling tenancy?',
    description:
      'My fixed term ended last year and I am now month to month. How much notice do I have to give if I find somewhere new?',
    replies: [
      'On a monthly periodic tenancy in England it is normally at least one month, ending on the last day of a rental period.',
      'Read the agreement too. Some contracts set out how notice must be given.',
      'Give it in writing and keep a copy, email is usually fine.',
    ],
  },
  {
    title: 'Any landlords open to pets in flats?',
    description:
      'I have a very calm, elderly cat. It feels like every listing says no pets. Any tips for finding a pet-friendly place?',
    replies: [
      'Use the "Pets allowed" filter here, it narrows things down a lot.',
      'Offer a pet reference from your current landlord. It made the difference for us.',
      'Some landlords accept pets if you take out pet damage insurance.',
      'Ground floor flats with a garden seem to be more open to it in my experience.',
    ],
  },
  {
    title: 'Council tax in a house share: who pays?',
    description:
      'Five of us rent rooms on separate contracts. The council has written to us about council tax. Is that right?',
    replies: [
      'If you each have your own contract for a room, the house is usually an HMO and the landlord is liable for the council tax.',
      'Ask the council to confirm in writing. Ours fixed it within a week.',
    ],
  },
  {
    title: 'Broadband for a new flat in Cardiff',
    description: 'Just moved into a flat in Cathays. Which providers have people had good experiences with?',
    replies: [
      'Check which full-fibre networks reach your building first. It makes a huge difference.',
      'Avoid long contracts if you are only there for a year.',
      'Ask the neighbours. Buildings often have one provider that works far better than the rest.',
    ],
  },
  {
    title: 'Moving from London to Glasgow: what should I know?',
    description:
      'Relocating for work in the new year. Coming from Zone 3 in London, so anything will feel cheap! Which areas should I look at?',
    replies: [
      'The West End (Hyndland, Partick, Finnieston) is lovely and well connected.',
      'The Southside, Shawlands especially, is great value with lots of cafés.',
      'Tenement flats have high ceilings and can be cold. Ask about the heating and the windows.',
      'The Subway is tiny but brilliant if you live near a stop.',
    ],
  },
  {
    title: 'Alternatives to a UK guarantor?',
    description:
      'Letting agents keep asking for a UK-based guarantor, and my family lives abroad. What are my options?',
    replies: [
      'There are guarantor services that act as your guarantor for a fee, and many agents accept them.',
      'Some landlords accept a few months of rent in advance instead. Get the terms in writing.',
      'Private landlords can be more flexible than big agencies, so it is worth asking directly.',
    ],
  },
];

const GENERIC_REPLIES = [
  'Thanks, this is really helpful.',
  'Following. I am in exactly the same situation.',
  'Great advice, thank you all!',
  'Shelter has a good guide on this, worth a read.',
  'Citizens Advice helped me with something similar.',
  'Thanks everyone, I will report back on how it goes.',
  'Really useful thread, bookmarking it.',
];

export async function seedForum(
  ctx: SeedContext,
  authors: { id: string; name: string }[],
): Promise<{ topics: number; messages: number }> {
  const { random, now } = ctx;
  const topics: (typeof forumTopics.$inferInsert)[] = [];
  const messages: (typeof forumMessages.$inferInsert)[] = [];
  TOPICS.forEach((script, index) => {
    // The premium demo tenant opens the first two topics, so their forum page has their own posts.
    const author = index < 2 ? authors[0] : random.pick(authors);
    const createdAt = pastDate(random, now, 60, 3);
    const topicId = randomUUID();
    const count = random.int(2, 10);
    const texts = [...script.replies, ...random.shuffle(GENERIC_REPLIES)].slice(0, count);
    let at = createdAt.getTime();
    const step = (now.getTime() - at) / (count + 1);
    for (const content of texts) {
      at += random.float(0.2, 1) * step;
      const replier = random.pick(authors.filter((a) => a.id !== author.id));
      messages.push({ id: randomUUID(), topicId, userId: replier.id, content, createdAt: new Date(at) });
    }
    topics.push({
      id: topicId,
      userId: author.id,
      title: script.title,
      description: script.description,
      messageCount: texts.length,
      lastActivityAt: new Date(at),
      createdAt,
    });
  });
  await insertInBatches(ctx.db, forumTopics, topics);
  await insertInBatches(ctx.db, forumMessages, messages);
  return { topics: topics.length, messages: messages.length };
}
