// /landlord-dashboard (doc 1 "Landlord dashboard", §4 new listing → admin review, §6 landlord rules, §8 toasts):
// the landlord's own properties in every state, the Add New Property / edit form inside the page (subscribers
// only), and delete with a confirmation (never gated by subscription).

import { useQuery } from '@tanstack/react-query';
import { Building2, Hammer, Home, KeyRound, Plus, UserRound, Wrench } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { applicationsDeclinedWarning, viewingsCalledOffWarning } from '../../../../domain/availability';
import { PLANS } from '../../../../domain/constants';
import type { TLandlordProperty } from '../../../../domain/listings';
import { formatPence } from '../../../../domain/money';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { Alert, EmptyState, Skeleton } from '../../../components/ui/feedback';
import { ErrorPanel } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useTenancies } from '../../applications/api';
import { useComplianceHomes } from '../../compliance/api';
import { useDeleteProperty, useLandlordProperties } from '../../listings/api';
import { LandlordPropertyCard } from '../../listings/components/landlord-property-card';
import { PropertyForm } from '../../listings/components/property-form';
import { formValuesOf } from '../../listings/form-values';
import { OpenRepairsCard } from '../../repairs/components/open-repairs-card';
import { openTodo } from '../../tenancies/format';
import { DashboardLayout, DashboardSkeleton } from '../components/dashboard-layout';
import { ProfileCard } from '../components/profile-card';
import { type QuickAction, QuickActions } from '../components/quick-actions';
import { SubscriptionCard } from '../components/subscription-card';
import { useDashboardUser } from '../use-dashboard-user';

const ACTIONS: QuickAction[] = [
  {
    to: '/properties',
    label: 'Browse Properties',
    description: 'See what else is listed near you',
    icon: Building2,
  },
  {
    to: '/contractors',
    label: 'Find Contractors',
    description: 'Trades for repairs and upkeep',
    icon: Wrench,
  },
  {
    to: '/repairs',
    label: 'Repairs',
    description: 'Repairs on your tenancies, with their clocks',
    icon: Hammer,
  },
  { to: '/profile', label: 'Edit Profile', description: 'Your details and photo', icon: UserRound },
  {
    to: APPLICATION_PAGES.tenancies,
    label: 'Tenancies',
    description: 'Tenancies agreed here, and the deposit steps to record',
    icon: KeyRound,
  },
];

type Editor = { mode: 'add' } | { mode: 'edit'; property: TLandlordProperty };

export default function LandlordDashboardPage() {
  const { user } = useDashboardUser();
  const isLandlord = user?.userType === 'landlord';
  const properties = useLandlordProperties(isLandlord ? user.id : undefined);
  const compliance = useComplianceHomes(isLandlord);
  const remove = useDeleteProperty(user?.id ?? '');
  const [editor, setEditor] = useState<Editor | null>(null);
  const [deleting, setDeleting] = useState<TLandlordProperty | null>(null);
  const editorHeading = useRef<HTMLHeadingElement>(null);
  const editorKey = editor ? (editor.mode === 'add' ? 'add' : editor.property.id) : null;

  // The form opens in the page: focus moves to its heading, so keyboard and screen-reader users are taken there.
  useEffect(() => {
    if (!editorKey) return;
    editorHeading.current?.focus();
    editorHeading.current?.scrollIntoView?.({ block: 'start' });
  }, [editorKey]);

  if (!user) return <DashboardSkeleton />;
  if (!isLandlord) {
    return (
      <DashboardLayout title="My Property Portfolio">
        <Alert tone="info" title="This dashboard is for landlord accounts">
          <ButtonLink to="/dashboard" variant="link" size="sm">
            Go to your dashboard
          </ButtonLink>
        </Alert>
      </DashboardLayout>
    );
  }

  const subscribed = user.isPremium;
  const plan = PLANS.landlord;
  const openAdd = () => setEditor({ mode: 'add' });
  const addButton = (
    <Button onClick={openAdd} aria-expanded={editor?.mode === 'add'}>
      <Plus className="h-4 w-4" aria-hidden /> Add Property
    </Button>
  );
  const upgradeLink = (
    <ButtonLink to="/subscribe?plan=landlord" variant="primary">
      Upgrade to Add Properties
    </ButtonLink>
  );

  const confirmDelete = () => {
    if (!deleting) return;
    const property = deleting;
    remove.mutate(property.id, {
      onSuccess: () => {
        setDeleting(null);
        if (editor?.mode === 'edit' && editor.property.id === property.id) setEditor(null);
        toast({ title: 'Property Deleted', description: 'Property has been removed from your portfolio.' });
      },
      onError: (error) => {
        setDeleting(null);
        toast({
          title: 'Delete Failed',
          description: errorMessage(error, 'Failed to delete property'),
          variant: 'destructive',
        });
      },
    });
  };

  const list = properties.data ?? [];
  const counts = {
    live: list.filter((p) => p.status === 'live').length,
    pending: list.filter((p) => p.status === 'pending' || p.latestSubmission?.submissionStatus === 'pending')
      .length,
  };

  return (
    <DashboardLayout
      title="My Property Portfolio"
      subtitle={`Welcome back, ${user.firstName || 'User'}. Manage your rental listings here.`}
      badge={subscribed ? <Badge variant="premium">{plan.name}</Badge> : undefined}
      actions={subscribed ? addButton : upgradeLink}
    >
      {!subscribed && (
        <Alert tone="warning" title="A subscription is needed to list properties">
          <p>
            Listing a property needs {plan.name} at {formatPence(plan.pricePence)}/month: list properties with
            photos, edit them, answer enquiries and offer viewings. Every listing is checked by our team
            before it goes live. You can still view and delete the properties you already have.
          </p>
        </Alert>
      )}

      {editor && subscribed && (
        <section aria-labelledby="listing-editor-heading">
          <Card className="p-4 sm:p-6">
            <h2
              id="listing-editor-heading"
              ref={editorHeading}
              tabIndex={-1}
              className="text-xl font-semibold text-slate-900 focus:outline-none"
            >
              {editor.mode === 'add' ? 'Add New Property' : `Edit Property: ${editor.property.title}`}
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              Title, property type, monthly rent, address and postcode are required; everything else is
              optional.
            </p>
            <div className="mt-5">
              <PropertyForm
                key={editorKey}
                landlordId={user.id}
                initial={editor.mode === 'edit' ? formValuesOf(editor.property) : undefined}
                targetId={editor.mode === 'edit' ? editor.property.id : undefined}
                onSubmitted={() => setEditor(null)}
                onCancel={() => setEditor(null)}
              />
            </div>
          </Card>
        </section>
      )}

      <EnquirySummary />
      <TenanciesSummary />
      <OpenRepairsCard />

      <section aria-labelledby="portfolio-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="portfolio-heading" className="text-lg font-semibold text-slate-900">
            Your properties
          </h2>
          {properties.isSuccess && list.length > 0 && (
            <p className="text-sm text-slate-600">
              {list.length} {list.length === 1 ? 'property' : 'properties'} · {counts.live} live
              {counts.pending > 0 ? ` · ${counts.pending} awaiting review` : ''}
            </p>
          )}
        </div>
        <div className="mt-4">
          {properties.isPending ? (
            <PortfolioSkeleton />
          ) : properties.isError ? (
            <ErrorPanel
              title="Failed to load your properties"
              onRetry={() => properties.refetch()}
              busy={properties.isFetching}
            />
          ) : list.length === 0 ? (
            <EmptyState
              icon={<Home className="h-10 w-10" aria-hidden />}
              title="No Properties Yet"
              action={subscribed ? (editor ? undefined : addButton) : undefined}
            >
              {subscribed
                ? 'Add your first property. It appears here straight away and goes live once our team has checked it.'
                : `Subscribe to ${plan.name} to list your first property.`}
            </EmptyState>
          ) : (
            <ul
              className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3"
              aria-busy={properties.isFetching}
            >
              {list.map((property) => (
                <li key={property.id}>
                  <LandlordPropertyCard
                    property={property}
                    compliance={compliance.data?.homes.find((home) => home.propertyId === property.id)}
                    canEdit={subscribed}
                    onEdit={() => setEditor({ mode: 'edit', property })}
                    onDelete={() => setDeleting(property)}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => {
          if (!open && !remove.isPending) setDeleting(null);
        }}
        title="Are you sure you want to delete this property?"
        description={
          deleting
            ? `“${deleting.title}” and its photos will be removed from your portfolio. This cannot be undone. ${viewingsCalledOffWarning(deleting.upcomingViewings)} ${applicationsDeclinedWarning(deleting.openApplications, 'deleted')}`.trim()
            : ''
        }
        confirmLabel="Delete Property"
        onConfirm={confirmDelete}
        busy={remove.isPending}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <QuickActions actions={ACTIONS} />
        </div>
        <div className="space-y-6">
          <ProfileCard user={user} />
          <SubscriptionCard user={user} plan="landlord" />
        </div>
      </div>
    </DashboardLayout>
  );
}

function PortfolioSkeleton() {
  return (
    <div aria-busy="true">
      <span className="sr-only" role="status">
        Loading your properties…
      </span>
      <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <li key={i} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
            <Skeleton className="aspect-[4/3] w-full rounded-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-6 w-32" />
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Tenancies at a glance (issue 31): how many, and how many deposit steps are still to record. */
function TenanciesSummary() {
  const tenancies = useTenancies();
  const list = tenancies.data?.tenancies ?? [];
  if (list.length === 0) return null;
  const todo = list.reduce((n, t) => n + openTodo(t), 0);
  return (
    <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4" data-testid="tenancies-summary">
      <p className="text-slate-800">
        <span className="font-semibold">{list.length}</span> {list.length === 1 ? 'tenancy' : 'tenancies'}
        {todo > 0 && (
          <>
            {' · '}
            <span className="font-semibold">{todo}</span> {todo === 1 ? 'step' : 'steps'} to record
          </>
        )}
      </p>
      <ButtonLink to={APPLICATION_PAGES.tenancies} size="sm" variant="outline" className="ml-auto">
        Tenancies
      </ButtonLink>
    </Card>
  );
}

/** Enquiries at a glance (issue 13): how many, how many unread, and the response time tenants see. */
function EnquirySummary() {
  const summary = useQuery<{ enquiries: number; unread: number; responseTime: string | null }>({
    queryKey: ['/api/conversations/summary'],
    staleTime: 30_000,
  });
  if (!summary.data || summary.data.enquiries === 0) return null;
  const { enquiries, unread, responseTime } = summary.data;
  return (
    <Card className="flex flex-wrap items-center gap-x-6 gap-y-2 p-4" data-testid="enquiry-summary">
      <p className="text-slate-800">
        <span className="font-semibold">{enquiries}</span> {enquiries === 1 ? 'enquiry' : 'enquiries'}
        {unread > 0 && (
          <>
            {' · '}
            <span className="font-semibold">{unread}</span> unread
          </>
        )}
      </p>
      <p className="text-sm text-slate-600">
        {responseTime
          ? `Tenants see: "${responseTime}"`
          : 'Tenants see your response time once three enquiries have been answered.'}
      </p>
      <ButtonLink to="/inbox" size="sm" variant="outline" className="ml-auto">
        Open inbox
      </ButtonLink>
    </Card>
  );
}
