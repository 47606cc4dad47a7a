// The contractors feature's calls (doc 1 §7: GET /api/contractors, /api/contractors/{id}, /api/contractor/profile,
// /api/contractor/leads) and their cache keys, plus reviews, quote requests, lead status and portfolio photos.
import {
  type InfiniteData,
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { DIRECTORY_PAGE_SIZE, LEADS_PAGE_SIZE, REVIEWS_PAGE_SIZE } from '../../../domain/contractor-options';
import type {
  LeadStatus,
  TContractorDashboard,
  TContractorDetail,
  TContractorPage,
  TContractorProfileContent,
  TLead,
  TLeadPage,
  TOwnContractorProfile,
  TPortfolioPhoto,
  TProfileSubmitted,
  TQuoteRequest,
  TQuoteRequestCreated,
  TReview,
  TReviewEligibility,
  TReviewPage,
  TReviewReplyRequest,
  TReviewRequest,
} from '../../../domain/contractors';
import { ApiError, apiRequest, apiUpload, getJson } from '../../lib/api';
import { VISIT_FRESH_MS } from '../../lib/query-client';

export const CONTRACTORS_ERROR = 'Failed to fetch contractors';
export const CONTRACTOR_ERROR = 'Failed to fetch contractor';

const DIRECTORY_KEY = 'contractor-directory';
export const contractorKey = (id: string) => ['/api/contractors', id] as const;
const reviewsKey = (id: string) => ['contractor-reviews', id] as const;
const eligibilityKey = (id: string) => ['contractor-review-eligibility', id] as const;
export const LEADS_KEY = ['contractor-leads'] as const;
export const leadKey = (id: string) => ['/api/contractor/leads', id] as const;
export const OWN_PROFILE_KEY = ['/api/contractor/profile'] as const;
export const DASHBOARD_KEY = ['/api/contractor/dashboard'] as const;

/** The directory for a query, a page at a time (the server's render fetches the first: pages/contractors-page). */
export function contractorDirectoryQuery(query: URLSearchParams, startPage = 1) {
  return infiniteQueryOptions({
    // A "Load more" link's page starts a list of its own (decision 0061).
    queryKey:
      startPage > 1 ? [DIRECTORY_KEY, query.toString(), startPage] : [DIRECTORY_KEY, query.toString()],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams(query);
      params.set('page', String(pageParam));
      params.set('limit', String(DIRECTORY_PAGE_SIZE));
      return getJson<TContractorPage>(`/api/contractors?${params}`, signal);
    },
    initialPageParam: startPage,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

/** The directory, a page at a time; Load more asks for the next page. */
export function useContractorDirectory(query: URLSearchParams, enabled: boolean, startPage = 1) {
  return useInfiniteQuery({
    ...contractorDirectoryQuery(query, startPage),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function contractorQuery(id: string) {
  return queryOptions({
    queryKey: contractorKey(id),
    queryFn: ({ signal }) => getJson<TContractorDetail>(`/api/contractors/${encodeURIComponent(id)}`, signal),
    // Whether the reader may review or ask for a quote changes as they do (each change refetches it): asked
    // afresh on opening, unless the server's render fetched it a moment ago.
    staleTime: VISIT_FRESH_MS,
  });
}

export function useContractor(id: string) {
  return useQuery(contractorQuery(id));
}

/** 'See all reviews': every review after the newest three, a page at a time. */
export function useAllReviews(id: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: reviewsKey(id),
    queryFn: ({ pageParam, signal }) =>
      getJson<TReviewPage>(
        `/api/contractors/${encodeURIComponent(id)}/reviews?page=${pageParam}&limit=${REVIEWS_PAGE_SIZE}`,
        signal,
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
    staleTime: 0,
  });
}

/** Write (POST) or edit (PUT) the reader's review; the profile and its reviews are fetched again after. */
export function useSaveReview(id: string, editing: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (review: TReviewRequest) =>
      apiRequest<TReview>(
        editing ? 'PUT' : 'POST',
        `/api/contractors/${encodeURIComponent(id)}/reviews`,
        review,
      ),
    // Not awaited: the caller's own callbacks (its toast) run before the refetch replaces the form.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contractorKey(id) });
      void queryClient.invalidateQueries({ queryKey: reviewsKey(id) });
      void queryClient.invalidateQueries({ queryKey: eligibilityKey(id) });
      void queryClient.invalidateQueries({ queryKey: [DIRECTORY_KEY] });
    },
  });
}

/** The jobs this trade finished for the reader, to rest a review on (decision 0073). */
export function reviewEligibilityQuery(id: string) {
  return queryOptions({
    queryKey: eligibilityKey(id),
    queryFn: ({ signal }) =>
      getJson<TReviewEligibility>(`/api/contractors/${encodeURIComponent(id)}/reviews/eligibility`, signal),
    staleTime: 0,
  });
}

export function useReviewEligibility(id: string, enabled: boolean) {
  return useQuery({ ...reviewEligibilityQuery(id), enabled });
}

/** The trade's one public reply to a review of its business. */
export function useReplyToReview(contractorId: string, reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reply: TReviewReplyRequest) =>
      apiRequest<TReview>(
        'POST',
        `/api/contractors/${encodeURIComponent(contractorId)}/reviews/${encodeURIComponent(reviewId)}/reply`,
        reply,
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: contractorKey(contractorId) });
      void queryClient.invalidateQueries({ queryKey: reviewsKey(contractorId) });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

export function useRequestQuote(id: string) {
  return useMutation({
    mutationFn: (request: TQuoteRequest) =>
      apiRequest<TQuoteRequestCreated>(
        'POST',
        `/api/contractors/${encodeURIComponent(id)}/quote-requests`,
        request,
      ),
  });
}

// ---- the contractor's own ----

export function useContractorDashboard(enabled: boolean) {
  return useQuery<TContractorDashboard>({ queryKey: DASHBOARD_KEY, enabled, staleTime: 0 });
}

export function useLeads(status: LeadStatus | 'all', enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...LEADS_KEY, status],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ page: String(pageParam), limit: String(LEADS_PAGE_SIZE) });
      if (status !== 'all') params.set('status', status);
      return getJson<TLeadPage>(`/api/contractor/leads?${params}`, signal);
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
    staleTime: 0,
  });
}

export function useLead(id: string, enabled: boolean) {
  return useQuery<TLead>({
    queryKey: leadKey(id),
    queryFn: ({ signal }) => getJson<TLead>(`/api/contractor/leads/${encodeURIComponent(id)}`, signal),
    enabled,
    staleTime: 0,
  });
}

type LeadPages = InfiniteData<TLeadPage, number>;

/**
 * A lead's status, changed at once on screen (doc STYLE: every action answers within 100 ms) and put back as it
 * was if the server refuses.
 */
export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) =>
      apiRequest<TLead>('PATCH', `/api/contractor/leads/${encodeURIComponent(id)}`, { status }),
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: LEADS_KEY });
      await queryClient.cancelQueries({ queryKey: leadKey(id) });
      const lists = queryClient.getQueriesData<LeadPages>({ queryKey: LEADS_KEY });
      const single = queryClient.getQueryData<TLead>(leadKey(id));
      for (const [key, data] of lists) {
        if (!data) continue;
        queryClient.setQueryData<LeadPages>(key, {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            leads: page.leads.map((lead) => (lead.id === id ? { ...lead, status } : lead)),
          })),
        });
      }
      if (single) queryClient.setQueryData<TLead>(leadKey(id), { ...single, status });
      return { lists, single };
    },
    onError: (_error, { id }, context) => {
      for (const [key, data] of context?.lists ?? []) queryClient.setQueryData(key, data);
      if (context?.single) queryClient.setQueryData(leadKey(id), context.single);
    },
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKey(lead.id), lead);
    },
    onSettled: () => {
      // A status filter's list may gain or lose the lead; the dashboard's counts change too.
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

/** The trade marks an ordinary quote request's job done: the requester is asked to review (decision 0073). */
export function useCompleteLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<TLead>('POST', `/api/contractor/leads/${encodeURIComponent(id)}/complete`),
    onSuccess: (lead) => {
      queryClient.setQueryData(leadKey(lead.id), lead);
      void queryClient.invalidateQueries({ queryKey: LEADS_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

/** The own profile, or null before one exists (the API's 404). */
export function useOwnProfile(enabled: boolean) {
  return useQuery<TOwnContractorProfile | null>({
    queryKey: OWN_PROFILE_KEY,
    queryFn: async ({ signal }) => {
      try {
        return await getJson<TOwnContractorProfile>('/api/contractor/profile', signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    enabled,
    staleTime: 0,
  });
}

export function useSaveProfile(exists: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: TContractorProfileContent) =>
      apiRequest<TProfileSubmitted>(exists ? 'PUT' : 'POST', '/api/contractor/profile', content),
    // Not awaited: the caller's own callbacks (its toast) run before the refetch may remount the form.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: OWN_PROFILE_KEY });
      void queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY });
    },
  });
}

export function uploadPortfolioPhoto(file: File): Promise<TPortfolioPhoto> {
  return apiUpload<TPortfolioPhoto>('/api/contractor/portfolio-photos', 'photo', file, file.name);
}
