// "Review the trade" on a repair whose work is done (issue 32 item 5; decision 0073): its landlord and tenants may
// each review the trade that did it, once; the link names the repair, so the review rests on this job.
import { Star } from 'lucide-react';
import type { TRepairView } from '../../../../domain/repairs';
import { ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

export function TradeReviewCard({ repair }: { repair: Pick<TRepairView, 'id' | 'tradeReview'> }) {
  const trade = repair.tradeReview;
  if (!trade) return null;
  const page = `/contractors/${trade.contractorId}`;
  return (
    <Card data-testid="trade-review">
      <CardHeader>
        <CardTitle>The trade</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-slate-800">{trade.businessName} did this repair.</p>
        {trade.canReview ? (
          <ButtonLink to={`${page}?repair=${repair.id}#review`} size="sm">
            <Star className="h-4 w-4" aria-hidden />
            Review the trade
          </ButtonLink>
        ) : (
          <p className="text-slate-600">
            You have reviewed {trade.businessName}.{' '}
            <ButtonLink to={`${page}#reviews`} variant="link" size="sm">
              See the reviews
            </ButtonLink>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
