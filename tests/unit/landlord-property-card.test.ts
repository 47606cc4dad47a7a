// The landlord's card for a listing the daily law check paused (issue 28, decision 0047): it says so, and offers no
// "Confirm still available" or "Relist" that the API would refuse; a listing paused for want of a confirmation does.
import { describe, expect, it } from 'vitest';
import { reviewStateOf } from '../../src/client/features/listings/components/landlord-property-card';
import type { TLandlordProperty } from '../../src/domain/listings';

const paused = (lawPausesAt: string | null) =>
  ({ status: 'paused', lawPausesAt, latestSubmission: null }) as unknown as TLandlordProperty;

describe('the landlord’s card for a paused listing', () => {
  it('names the law when the law check paused it', () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    expect(reviewStateOf(paused(past)).badges).toEqual([
      { label: 'Paused: edit to meet the law', variant: 'danger' },
    ]);
  });

  it('asks for a confirmation when it was paused for want of one, even with a law notice still running', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    for (const lawPausesAt of [null, future])
      expect(reviewStateOf(paused(lawPausesAt)).badges).toEqual([
        { label: 'Paused: confirm to relist', variant: 'warning' },
      ]);
  });
});
