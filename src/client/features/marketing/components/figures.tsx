// The marketplace's figures as the landing and About pages show them: our no-fees promise and how many homes and
// vetted trades are live now, counted by GET /api/figures, and the founding year only when configured (never
// invented: issue 28).
import { useQuery } from '@tanstack/react-query';
import type { TMarketplaceFigures } from '../../../../domain/figures';
import { formatCount } from '../../../../domain/money';
import { Skeleton } from '../../../components/ui/feedback';
import { cn } from '../../../lib/cn';
import { useCompanyFacts } from '../data/company';

interface Figure {
  label: string;
  /** undefined while counting (a placeholder keeps the card's size). */
  value: string | undefined;
}

/** The live counts (the pages that show them prefetch this key for the server's render). */
export const FIGURES_KEY = ['/api/figures'] as const;

export function useMarketplaceFigures() {
  return useQuery<TMarketplaceFigures>({ queryKey: FIGURES_KEY, staleTime: 5 * 60_000 });
}

export function MarketplaceFigures({ className, centred }: { className?: string; centred?: boolean }) {
  const { data, isError } = useMarketplaceFigures();
  const { foundedYear } = useCompanyFacts();
  const live: Figure[] = isError
    ? []
    : [
        { label: 'Homes to rent now', value: data && formatCount(data.homesToRent) },
        { label: 'Vetted trades', value: data && formatCount(data.vettedTrades) },
      ];
  const figures: Figure[] = [
    ...(foundedYear ? [{ label: 'Founded', value: String(foundedYear) }] : []),
    ...live,
    { label: 'Hidden fees or commission', value: '£0' },
  ];
  return (
    <dl className={cn('grid grid-cols-2 gap-4', className)} data-testid="marketplace-figures">
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={cn(
            'rounded-xl border border-slate-200 bg-white p-5 shadow-sm',
            centred && 'text-center',
          )}
        >
          <dt className="text-sm text-slate-600">{figure.label}</dt>
          <dd className="mt-1 h-8 text-2xl font-bold text-primary-800 sm:h-9 sm:text-3xl">
            {figure.value ?? (
              <>
                <Skeleton className={cn('h-full w-20', centred && 'mx-auto')} />
                <span className="sr-only">Counting</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
