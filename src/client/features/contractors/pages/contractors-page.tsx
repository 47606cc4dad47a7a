// /contractors (doc 1 "Contractor list"): open to everyone (docs/decisions/0014); the filters in the URL, cards, loading skeletons, the empty
// state with Clear filters, the error state with Retry, and Load more (a link to the next page before the scripts
// have run: decision 0061).

import { SearchX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth';
import type { PagePrefetch } from '../../../lib/page-modules';
import { CONTRACTORS_ERROR, contractorDirectoryQuery, useContractorDirectory } from '../api';
import { CardSkeletons, ContractorCard } from '../components/contractor-card';
import { DirectoryFilters } from '../components/directory-filters';
import {
  type ContractorFilters,
  DEFAULT_CONTRACTOR_FILTERS,
  directoryHref,
  directoryParams,
  filtersFromParams,
  filtersToParams,
  isCanonical,
  startPageFrom,
} from '../url-state';

function PageHeader() {
  return (
    <header>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Find Contractors</h1>
      <p className="mt-1 text-slate-600">
        Plumbers, electricians, roofers and more, vetted by our team before they go live (
        <Link className="text-primary-700 underline" to="/what-we-check#rules-trades">
          what we check
        </Link>
        ).
      </p>
    </header>
  );
}

/** The first page of the directory for the URL's filters, in the server's HTML. */
export const prefetch: PagePrefetch = (client, { search }) =>
  client.prefetchInfiniteQuery(
    contractorDirectoryQuery(filtersToParams(filtersFromParams(search)), startPageFrom(search)),
  );

export default function ContractorsPage() {
  const auth = useAuth();
  if (auth.isLoading) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8" aria-busy="true">
        <span className="sr-only" role="status">
          Loading…
        </span>
        <Skeleton className="h-9 w-64" />
        <Skeleton className="mt-6 h-40 w-full" />
        <div className="mt-6">
          <CardSkeletons />
        </div>
      </div>
    );
  }
  return <Directory />;
}

function Directory() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const canonical = filtersToParams(filters);
  const startPage = startPageFrom(params);

  // Marketing links (specialty=plumbing, service=cleaning) become the names the page writes itself.
  useEffect(() => {
    if (!isCanonical(params)) setParams(directoryParams(params), { replace: true });
  }, [params, setParams]);

  const directory = useContractorDirectory(canonical, true, startPage);
  // From the address bar as it is now, not as this render saw it: two quick changes (specialty, then area)
  // before the page re-renders would otherwise lose the first.
  const update = (next: Partial<ContractorFilters>) =>
    setParams(
      filtersToParams({ ...filtersFromParams(new URLSearchParams(window.location.search)), ...next }),
    );
  const clear = () => setParams(filtersToParams(DEFAULT_CONTRACTOR_FILTERS));

  const pages = directory.data?.pages ?? [];
  const contractors = pages.flatMap((page) => page.contractors);
  const total = pages[0]?.total ?? 0;
  const lastPage = pages.at(-1)?.page ?? startPage;

  let results: React.ReactNode;
  if (directory.isPending) {
    results = (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading contractors…
        </span>
        <CardSkeletons />
      </div>
    );
  } else if (directory.isError && contractors.length === 0) {
    results = (
      <ErrorPanel title={CONTRACTORS_ERROR} onRetry={() => directory.refetch()} busy={directory.isFetching} />
    );
  } else if (contractors.length === 0) {
    results = (
      <EmptyState
        icon={<SearchX className="h-10 w-10" aria-hidden />}
        title="No contractors found"
        action={
          <a
            href="/contractors"
            className={buttonClass('outline')}
            onClick={(event) => {
              event.preventDefault();
              clear();
            }}
          >
            Clear filters
          </a>
        }
      >
        No vetted contractor matches these filters yet. Try another area or specialty, or clear the filters.
      </EmptyState>
    );
  } else {
    results = (
      <>
        <ul className="grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3" aria-busy={directory.isFetching}>
          {contractors.map((contractor) => (
            <li key={contractor.id}>
              <ContractorCard contractor={contractor} />
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-center gap-2">
          <p className="text-sm text-slate-600">
            Showing {contractors.length.toLocaleString('en-GB')} of {total.toLocaleString('en-GB')}
          </p>
          {directory.hasNextPage && (
            // The next page's address before the scripts have run; then it is added below these.
            <a
              href={directoryHref(filters, lastPage + 1)}
              className={buttonClass(
                'outline',
                'md',
                directory.isFetchingNextPage ? 'pointer-events-none opacity-60' : undefined,
              )}
              aria-disabled={directory.isFetchingNextPage || undefined}
              aria-busy={directory.isFetchingNextPage || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (!directory.isFetchingNextPage) directory.fetchNextPage();
              }}
            >
              Load more
            </a>
          )}
          {directory.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              {CONTRACTORS_ERROR}. Please try again.
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader />
      <div className="mt-6">
        <DirectoryFilters filters={filters} onChange={update} onClear={clear} />
      </div>
      <p className="mt-6 text-sm font-medium text-slate-700" role="status" aria-live="polite">
        {directory.isPending
          ? 'Searching…'
          : `${total.toLocaleString('en-GB')} ${total === 1 ? 'contractor' : 'contractors'} found`}
      </p>
      <div className="mt-4">{results}</div>
    </div>
  );
}
