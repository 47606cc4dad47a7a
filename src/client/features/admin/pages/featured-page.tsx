// /admin/featured (issue 30 item 5, decision 0062): what the landing page's "Featured homes" shows and why, the homes
// admins pinned to its front, and a search of live homes to pin one. The server checks everything: admins only, live
// homes to let with a photo, at most MAX_PINNED at once; each pin and unpin is in the audit log.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pin, PinOff, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  FEATURED_FRESH_DAYS,
  FEATURED_MIN_DESCRIPTION,
  FEATURED_MIN_PHOTOS,
  type TFeaturedAdmin,
} from '../../../../domain/featured';
import type { TPropertyPage } from '../../../../domain/properties';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { apiRequest, errorMessage, getJson } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { adminGet, formatDateTime, useAuthLossCheck } from '../api';
import { AdminPageHeader } from '../components/admin-layout';
import { AdminFindForm } from '../components/find-form';

const FEATURED_ADMIN_KEY = ['/api/admin/featured'] as const;
const REASON_LABEL = { pinned: 'Pinned by an admin', rules: 'Chosen by the rules' } as const;

const place = (home: { location: string | null; outcode: string }) =>
  home.location ? `${home.location}, ${home.outcode}` : home.outcode;

function usePinning() {
  const client = useQueryClient();
  const done = (data: TFeaturedAdmin, title: string) => {
    client.setQueryData(FEATURED_ADMIN_KEY, data);
    // The landing page's list changed: the next visit to it asks again.
    client.invalidateQueries({ queryKey: ['/api/properties/featured'] });
    toast({ title });
  };
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
  const pin = useMutation({
    mutationFn: (id: string) => apiRequest<TFeaturedAdmin>('PUT', `/api/admin/featured/${id}`),
    onSuccess: (data) => done(data, 'Pinned to the landing page'),
    onError: failed('Could not pin this home'),
  });
  const unpin = useMutation({
    mutationFn: (id: string) => apiRequest<TFeaturedAdmin>('DELETE', `/api/admin/featured/${id}`),
    onSuccess: (data) => done(data, 'Unpinned: the rules fill its place'),
    onError: failed('Could not unpin this home'),
  });
  return { pin, unpin };
}

export default function FeaturedPage() {
  const featured = useQuery<TFeaturedAdmin>({
    queryKey: FEATURED_ADMIN_KEY,
    queryFn: () => adminGet('/api/admin/featured'),
  });
  useAuthLossCheck(featured.error);
  const { pin, unpin } = usePinning();

  return (
    <>
      <AdminPageHeader
        title="Featured homes"
        subtitle={`Homes you pin come first on the landing page; the rules fill the rest with live homes that have at least ${FEATURED_MIN_PHOTOS} photos, a description of ${FEATURED_MIN_DESCRIPTION} characters or more, rent, bedrooms, deposit, EPC and council tax band, confirmed in the last ${FEATURED_FRESH_DAYS} days and still to let, one per postcode district.`}
      />
      {featured.isPending ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : featured.isError ? (
        <ErrorPanel title="Featured homes could not be loaded" onRetry={() => featured.refetch()} />
      ) : (
        <div className="space-y-6">
          <section
            aria-labelledby="showing-title"
            className="rounded-xl border border-slate-200 bg-white p-4"
          >
            <h2 id="showing-title" className="font-semibold text-slate-900">
              On the landing page now
            </h2>
            {featured.data.showing.length === 0 ? (
              <p className="mt-2 text-sm text-slate-600">
                No home qualifies yet and none is pinned: the section is left off the landing page.
              </p>
            ) : (
              <ol className="mt-2 divide-y divide-slate-100">
                {featured.data.showing.map((home, index) => (
                  <li key={home.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                    <span className="w-5 text-slate-600">{index + 1}.</span>
                    <Link to={`/properties/${home.id}`} className="font-medium text-primary-700 underline">
                      {home.title}
                    </Link>
                    <span className="text-slate-600">{place(home)}</span>
                    <Badge variant={home.reason === 'pinned' ? 'premium' : 'neutral'}>
                      {REASON_LABEL[home.reason]}
                    </Badge>
                  </li>
                ))}
              </ol>
            )}
          </section>

          <section aria-labelledby="pinned-title" className="rounded-xl border border-slate-200 bg-white p-4">
            <h2 id="pinned-title" className="font-semibold text-slate-900">
              Pinned ({featured.data.pinned.length} of {featured.data.maxPinned})
            </h2>
            {featured.data.pinned.length === 0 ? (
              <EmptyState icon={<Star className="h-8 w-8" aria-hidden />} title="Nothing pinned">
                Find a live home below and pin it to put it first.
              </EmptyState>
            ) : (
              <ul className="mt-2 divide-y divide-slate-100" aria-label="Pinned homes">
                {featured.data.pinned.map((home) => (
                  <li key={home.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                    <span className="text-sm">
                      <span className="block font-medium text-slate-900">{home.title}</span>
                      <span className="block text-slate-600">
                        {place(home)} · pinned {formatDateTime(home.pinnedAt)}
                        {!home.showable && ' · not shown: no longer live or to let'}
                      </span>
                    </span>
                    <Button
                      size="sm"
                      variant="outline"
                      busy={unpin.isPending && unpin.variables === home.id}
                      onClick={() => unpin.mutate(home.id)}
                    >
                      <PinOff className="h-4 w-4" aria-hidden />
                      Unpin {home.title}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <FindHome
            pinnedIds={new Set(featured.data.pinned.map((home) => home.id))}
            full={featured.data.pinned.length >= featured.data.maxPinned}
            pinning={pin.isPending ? pin.variables : undefined}
            onPin={(id) => pin.mutate(id)}
          />
        </div>
      )}
    </>
  );
}

function FindHome({
  pinnedIds,
  full,
  pinning,
  onPin,
}: {
  pinnedIds: Set<string>;
  full: boolean;
  pinning: string | undefined;
  onPin: (id: string) => void;
}) {
  const [query, setQuery] = useState<string | null>(null);
  const found = useQuery<TPropertyPage>({
    queryKey: ['/api/properties', { q: query, limit: 10 }],
    queryFn: () => getJson(`/api/properties?q=${encodeURIComponent(query ?? '')}&limit=10`),
    enabled: query !== null,
  });
  return (
    <section aria-labelledby="find-home-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="find-home-title" className="font-semibold text-slate-900">
        Pin a live home
      </h2>
      {full && (
        <p className="mt-1 text-sm text-slate-600">
          All the places are pinned: unpin one before pinning another.
        </p>
      )}
      <AdminFindForm label="Title, place or postcode" searching={found.isFetching} onSearch={setQuery} />
      {found.isError && (
        <p className="mt-3 text-sm text-red-700" role="alert">
          {errorMessage(found.error, 'The search failed. Please try again.')}
        </p>
      )}
      {found.data && (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Live homes found">
          {found.data.properties.length === 0 && (
            <li className="py-2 text-sm text-slate-600">No live home found.</li>
          )}
          {found.data.properties.map((home) => (
            <li key={home.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="text-sm">
                <Link to={`/properties/${home.id}`} className="block font-medium text-primary-700 underline">
                  {home.title}
                </Link>
                <span className="block text-slate-600">{place(home)}</span>
              </span>
              {pinnedIds.has(home.id) ? (
                <Badge variant="premium">Pinned</Badge>
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  disabled={full}
                  busy={pinning === home.id}
                  onClick={() => onPin(home.id)}
                >
                  <Pin className="h-4 w-4" aria-hidden />
                  Pin {home.title}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
