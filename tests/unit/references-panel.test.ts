// The references panel h-pages puts on the application page (issue 31 item 4): each request with its status and the
// answer for either side; "Ask for a reference" for the landlord only, and only while none is outstanding or answered.
import { QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReferencesPanel } from '../../src/client/features/references/components/references-panel';
import { createQueryClient } from '../../src/client/lib/query-client';
import type { TReferenceView } from '../../src/domain/references';

const ID = '00000000-0000-4000-8000-000000000001';
const reference = (over: Partial<TReferenceView> = {}): TReferenceView => ({
  id: '00000000-0000-4000-8000-000000000002',
  refereeName: 'Pat Previous',
  status: 'requested',
  requestedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-04T10:00:00.000Z',
  answer: null,
  ...over,
});

function render(role: 'landlord' | 'tenant', references: TReferenceView[]): string {
  // The app's client: its data is fresh until told otherwise, so the rendered panel shows what was set.
  const client = createQueryClient();
  client.setQueryData([`/api/applications/${ID}/references`], { references });
  return renderToStaticMarkup(
    createElement(
      QueryClientProvider,
      { client },
      createElement(ReferencesPanel, { applicationId: ID, role }),
    ),
  );
}

describe('the references panel', () => {
  it('offers the landlord "Ask for a reference" when none was asked, or the last expired unanswered', () => {
    expect(render('landlord', [])).toContain('Ask for a reference');
    expect(render('landlord', [])).toContain('the tenant sees it too');
    expect(render('landlord', [reference({ status: 'expired' })])).toContain('Ask for a reference');
    expect(render('landlord', [reference({ status: 'expired' })])).toContain('Expired unanswered');
  });

  it('offers no request while one is outstanding, and never to the tenant', () => {
    const waiting = render('landlord', [reference()]);
    expect(waiting).not.toContain('Ask for a reference');
    expect(waiting).toContain('Waiting for an answer');
    expect(waiting).toContain('the link works until 4 Dec');
    expect(render('tenant', [])).not.toContain('Ask for a reference');
  });

  it('shows the answer to either side', () => {
    const answered = reference({
      status: 'answered',
      answer: {
        tenancyFrom: '2023-09-01',
        tenancyTo: null,
        rentOnTime: 'mostly',
        wouldLetAgain: false,
        comments: 'Late twice in winter.',
        answeredAt: '2026-11-21T09:00:00.000Z',
      },
    });
    for (const role of ['landlord', 'tenant'] as const) {
      const html = render(role, [answered]);
      expect(html).toContain('Mostly on time');
      expect(html).toContain('Late twice in winter.');
      expect(html).toContain('1 Sept 2023 to now');
      expect(html).toMatch(/Would let to them again<\/dt><dd[^>]*>No</);
      expect(html).not.toContain('Ask for a reference');
    }
  });
});
