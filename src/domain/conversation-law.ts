// The scam shield's law warnings (issue 28): a message between a tenant and a landlord that uses wording the law
// forbids in a tenancy (rental bidding, more than a month's rent in advance, a fixed term, refusing families with
// children or people on benefits) is flagged to both sides, with what the law allows and a link to it. The words
// and the law come from the one rules module (./advert-rules.ts, `messageFindings`), judged in the nation of the
// home the conversation is about and on the day the message was sent; this file only says it in a conversation's
// terms. Why, and the sources: docs/decisions/0048-what-an-enquiry-may-ask.md.
import { z } from 'zod';
import { messageFindings, type TNation, type TRuleFinding, WORDING_RULES } from './advert-rules';

/**
 * What the law allows, for a conversation (the rules module's own sentences address an advert). A rule not named
 * here falls back to the rules module's message, so a new rule there still warns here.
 */
const ALLOWED: Record<string, string> = {
  'rental-bidding':
    'The rent is the advertised rent. A landlord may not invite, encourage or accept an offer above it, and a tenant never has to offer more.',
  'rent-in-advance':
    'A landlord may ask for at most one month’s rent in advance, and only once the tenancy is agreed. Nobody may ask for, or accept, more.',
  'fixed-term':
    'Every tenancy in England is now periodic (rolling monthly) and the tenant can leave on two months’ notice, so a tenancy cannot have a minimum or fixed term.',
  'benefits-discrimination':
    'A landlord may not refuse, or discourage, a tenant because they receive benefits. Affordability is checked the same way for everyone, and only when a tenant applies.',
  'children-discrimination':
    'A landlord may not refuse, or discourage, a tenant because they have children or will live with children. How many people may live in a home is set by its size and licence, not by their age.',
};

export const ZLawWarning = z
  .object({
    ruleId: z.string(),
    name: z.string().describe('The kind of wording, e.g. "Rental bidding"'),
    words: z.array(z.string()).describe('The words in the message that matched, as written'),
    allowed: z.string().describe('What the law allows instead'),
    law: z.object({ title: z.string(), url: z.string() }),
  })
  .meta({ id: 'LawWarning' });
export type TLawWarning = z.output<typeof ZLawWarning>;

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One warning per rule a finding came from, in the conversation's terms. */
export function lawWarningOf(finding: TRuleFinding): TLawWarning {
  const rule = WORDING_RULES.find((r) => r.id === finding.ruleId);
  return {
    ruleId: finding.ruleId,
    name: finding.name,
    words: finding.words,
    allowed: ALLOWED[finding.ruleId] ?? sentence(rule?.message ?? finding.message),
    law: { title: finding.law.title, url: finding.law.url },
  };
}

/**
 * The law warnings for a message's text, in the home's nation on the day it was sent (`YYYY-MM-DD`, London). No
 * nation (a quote request, or a home whose district we cannot place): no law warnings, since the rules are about
 * a tenancy of a home in a known nation.
 */
export function lawWarnings(text: string, nation: TNation | null, day: string): TLawWarning[] {
  if (!nation) return [];
  return messageFindings(text, nation, day).map(lawWarningOf);
}

/** The line a warning shows: the words, then what the law allows. */
export function lawWarningText(warning: TLawWarning): string {
  const words = warning.words.map((w) => `“${w}”`).join(', ');
  return `${warning.name} (${words}): ${warning.allowed}`;
}

/** The field the sender sets to send a warned message anyway; a 400 naming it asks the client to confirm. */
export const CONFIRM_FIELD = 'confirmLawWarnings';
export const CONFIRM_PROMPT =
  'This message uses wording the law does not allow in a tenancy. Edit it, or confirm to send it anyway: both of you will see the warning.';
