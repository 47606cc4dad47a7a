// One sentence on a failed payment (issue 28): the terms page, the billing card in Settings and the tenant's
// subscription card render the same domain constant, and none says anything else about it.
import { QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TenantSubscriptionCard } from '../../src/client/features/dashboard/components/tenant/subscription-card';
import TermsPage from '../../src/client/features/marketing/pages/terms-page';
import { BILLING_KEY } from '../../src/client/features/payments/api';
import { BillingCard } from '../../src/client/features/payments/components/billing-card';
import { CURRENT_USER_KEY } from '../../src/client/lib/auth';
import { createQueryClient } from '../../src/client/lib/query-client';
import type { TBilling } from '../../src/domain/payments';
import { FAILED_PAYMENT_SENTENCE } from '../../src/domain/subscription-terms';

const PAST_DUE: TBilling = {
  provider: 'test',
  plan: 'tenant',
  planName: 'Tenant Premium',
  pricePence: 100,
  status: 'past_due',
  currentPeriodEnd: '2026-11-20T10:00:00.000Z',
  cancelAtPeriodEnd: false,
  canResume: false,
  premium: true,
  premiumUntil: null,
  invoices: [],
  cancellationPeriodEnds: null,
  refundIfCancelledPence: null,
  refunds: [],
};

function render(element: ReactElement): string {
  const client = createQueryClient();
  client.setQueryData(BILLING_KEY, PAST_DUE);
  client.setQueryData(CURRENT_USER_KEY, { id: 'u1', userType: 'tenant', isPremium: true });
  const html = renderToString(
    createElement(QueryClientProvider, { client }, createElement(MemoryRouter, null, element)),
  );
  // The text as a reader gets it: tags dropped, entities read.
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('the failed-payment sentence', () => {
  const places = {
    'the terms page': () => render(createElement(TermsPage)),
    'the billing card': () => render(createElement(BillingCard)),
    'the subscription card': () => render(createElement(TenantSubscriptionCard, { premium: true })),
  };

  for (const [place, html] of Object.entries(places)) {
    it(`is what ${place} says`, () => {
      const text = html();
      expect(text).toContain(FAILED_PAYMENT_SENTENCE);
      // No second, different account of it (the old "paid features pause" and "we are trying your card again").
      expect(text).not.toMatch(/features pause until|trying your card again|Your premium access continues/);
    });
  }
});
