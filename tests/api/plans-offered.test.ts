// Plans and prices as people see them (issue 30 item 6): a visitor on /subscribe sees every plan's price and who it
// is for before being asked to sign up, and an account is offered only the plan its type can buy.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, USER_TYPES } from '../../src/domain/constants';
import { formatPence } from '../../src/domain/money';
import { PLAN_AUDIENCE, plansOfferedTo } from '../../src/domain/plans';
import { createTestApp, type TestApp } from '../support/app';
import { pageHtml } from '../support/http';

describe('plans offered', () => {
  it('offers an account its own plan only, and a visitor all three', () => {
    expect(plansOfferedTo('tenant')).toEqual(['tenant']);
    expect(plansOfferedTo('landlord')).toEqual(['landlord']);
    expect(plansOfferedTo('contractor')).toEqual(['contractor']);
    expect(plansOfferedTo(null)).toEqual([...USER_TYPES]);
    expect(plansOfferedTo(undefined)).toEqual([...USER_TYPES]);
    expect(plansOfferedTo('wizard')).toEqual([...USER_TYPES]);
  });
});

describe('/subscribe for a visitor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The page's markup as the server sends it, before any script runs. */
  const rootOf = async (url: string) => {
    const html = await pageHtml(t, url);
    return html.slice(html.indexOf('<div id="root">'));
  };

  it('shows every plan with its price and who it is for, then the ways in', async () => {
    const root = await rootOf('/subscribe');
    expect(root).toContain('Plans and prices');
    for (const plan of USER_TYPES) {
      expect(root, plan).toContain(PLANS[plan].name);
      expect(root, plan).toContain(PLAN_AUDIENCE[plan]);
      expect(root, plan).toContain(`${formatPence(PLANS[plan].pricePence)}</span>`);
      // Each card's way in is a sign-up that comes back to that plan's checkout.
      expect(root, plan).toContain(
        `href="/simple-registration?type=${plan}&amp;returnTo=%2Fsubscribe%3Fplan%3D${plan}"`,
      );
    }
    expect(root).toContain('Sign Up Required');
    expect(root).toContain('href="/login?returnTo=%2Fsubscribe"');
  });

  it('puts the plan the address names first', async () => {
    const root = await rootOf('/subscribe?plan=contractor');
    const at = (plan: keyof typeof PLANS) => root.indexOf(`>${PLANS[plan].name}</h2>`);
    expect(at('contractor')).toBeGreaterThan(0);
    expect(at('contractor')).toBeLessThan(at('tenant'));
    expect(at('tenant')).toBeLessThan(at('landlord'));
  });
});
