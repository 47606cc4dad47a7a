// /subscribe (doc 2 "/subscribe", §4 subscription flow, §8 toasts). The plan comes from `plan` or `type`,
// else the user's type, else tenant. Before paying the page states the key terms (price, monthly renewal, the
// 14-day right to cancel and how) and asks the person to tick a request to start at once (CCR 2013 regs. 13,
// 36); only then is the pending subscription made and the card form shown. The card is confirmed with the
// provider (the built-in test form, or Stripe Elements), then the person returns to `returnTo` (a path on this
// site: the listing they were contacting, with its dialog; issue 30), else /dashboard.
import { CheckCircle2, CircleAlert, Lock, UserPlus } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PLANS } from '../../../../domain/constants';
import { type Plan, resolvePlan } from '../../../../domain/payments';
import { plansOfferedTo, subscribePath } from '../../../../domain/plans';
import { safeReturnTo, subscribeReturningTo } from '../../../../domain/return-to';
import { keyTerms, START_NOW_CONSENT_TEXT, TERMS_PATH } from '../../../../domain/subscription-terms';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { EmptyState, Spinner } from '../../../components/ui/feedback';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { usePublicConfig } from '../../../lib/config';
import { toast } from '../../../lib/toast';
import { loginPathFor, registrationPathFor } from '../../accounts/return-to';
import { PriceCard } from '../../marketing/components/price-card';
import { useBilling, useCreatePayment, useRefreshAfterPayment } from '../api';
import { PlanSummaryCard } from '../components/plan-summary-card';
import { TestCardForm } from '../components/test-card-form';
import { WhyChoose } from '../components/why-choose';
import { formatBillingDate } from '../format';

const StripeCardForm = lazy(() => import('../components/stripe-card-form'));

const SETUP_FAILED = {
  title: 'Payment Setup Failed',
  description: 'Unable to initialize payment. Please try again.',
};

function Page({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-12">{children}</div>;
}

export default function SubscribePage() {
  const [params] = useSearchParams();
  const auth = useAuth();
  const user = auth.user;
  const returnTo = safeReturnTo(params.get('returnTo'));

  if (auth.isLoading) {
    return (
      <Page>
        <Spinner label="Loading your account" />
      </Page>
    );
  }

  if (!user) return <SignUpRequired asked={askedPlan(params)} returnTo={returnTo} />;

  const plan = resolvePlan({ plan: params.get('plan'), type: params.get('type') }, user.userType);
  if (!plan || (user.userType && user.userType !== plan)) {
    return (
      <Page>
        <EmptyState
          icon={<CircleAlert className="h-10 w-10" aria-hidden />}
          title="Subscription Not Available"
          action={
            returnTo ? (
              <ButtonLink to={returnTo}>Back to where you were</ButtonLink>
            ) : (
              <ButtonLink to="/dashboard">Go to Dashboard</ButtonLink>
            )
          }
        >
          {plan
            ? `${PLANS[plan].name} is for ${plan} accounts, and yours is a ${user.userType} account.`
            : 'We could not find that plan. Your dashboard shows the plan for your account.'}
        </EmptyState>
      </Page>
    );
  }

  return <Checkout plan={plan} returnTo={returnTo} />;
}

/** The plan the address names (`plan`, or `type` from the preview page), if it names a real one. */
function askedPlan(params: URLSearchParams): Plan | null {
  const asked = params.get('plan') || params.get('type');
  return asked ? resolvePlan({ plan: asked }) : null;
}

/**
 * A visitor is asked to create an account (doc 2) or sign in (doc 1's logged-out redirect); either way they come
 * back here afterwards, to the plan they chose.
 */
function SignUpRequired({ asked, returnTo }: { asked: Plan | null; returnTo: string | null }) {
  const back = checkoutPath(asked, returnTo);
  return (
    <Page>
      <VisitorPrices asked={asked} returnTo={returnTo} />
      <EmptyState
        icon={<UserPlus className="h-10 w-10" aria-hidden />}
        title="Sign Up Required"
        action={
          <div className="flex flex-col gap-2 sm:flex-row">
            <ButtonLink to={registrationPathFor(back, asked)}>Create Account</ButtonLink>
            <ButtonLink to={loginPathFor(back)} variant="outline">
              Sign In
            </ButtonLink>
            <ButtonLink to="/" variant="ghost">
              Back to Home
            </ButtonLink>
          </div>
        }
      >
        {asked ? `To subscribe to ${PLANS[asked].name}, create` : 'To subscribe, create'} a free account or
        sign in; you come straight back here afterwards.
      </EmptyState>
    </Page>
  );
}

/** This page again for the plan, still carrying where to go once paid. */
function checkoutPath(plan: Plan | null, returnTo: string | null): string {
  if (plan) return returnTo ? subscribeReturningTo(plan, returnTo) : subscribePath(plan);
  return returnTo ? `/subscribe?${new URLSearchParams({ returnTo })}` : '/subscribe';
}

/**
 * What each plan costs and who it is for, before anyone is asked to sign up (issue 30: visitors saw no prices). The
 * plan the address named comes first; each card's way in is the sign-up that comes back to that plan.
 */
function VisitorPrices({ asked, returnTo }: { asked: Plan | null; returnTo: string | null }) {
  const plans = plansOfferedTo(null);
  const ordered = asked ? [asked, ...plans.filter((plan) => plan !== asked)] : plans;
  return (
    <section aria-labelledby="plans-title" className="mb-10">
      <h1 id="plans-title" className="text-center text-3xl font-bold tracking-tight text-slate-900">
        Plans and prices
      </h1>
      <p className="mt-2 text-center text-slate-600">
        Browsing homes and trades is free. Each plan is for one kind of account; prices include VAT, renew
        monthly and can be cancelled any time.
      </p>
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {ordered.map((plan) => (
          <PriceCard
            key={plan}
            headingLevel="h2"
            plan={plan}
            href={registrationPathFor(checkoutPath(plan, returnTo), plan)}
            cta="Choose plan"
          />
        ))}
      </div>
    </section>
  );
}

function Checkout({ plan, returnTo }: { plan: Plan; returnTo: string | null }) {
  const billing = useBilling();
  const subscribed =
    billing.data?.plan === plan && ['active', 'cancelling', 'past_due'].includes(billing.data.status);
  const settings = usePublicConfig();
  const [consented, setConsented] = useState(false);
  // Billing only decides whether to show "You're subscribed"; if it cannot load, the checkout still starts,
  // once the person has asked us to start at once.
  const payment = useCreatePayment(plan, consented && !billing.isLoading && !subscribed, returnTo);
  const navigate = useNavigate();
  const refresh = useRefreshAfterPayment();
  const { refetch: refetchUser } = useAuth();

  // doc 2 §8: a setup failure is told once, as a toast; the page offers a retry.
  const toldSetupFailure = useRef(false);
  useEffect(() => {
    if (!payment.isError || toldSetupFailure.current) return;
    toldSetupFailure.current = true;
    // Already paying for this plan (another tab): show that instead of an error.
    if (payment.error instanceof ApiError && payment.error.status === 409) {
      void billing.refetch();
      return;
    }
    toast({ ...SETUP_FAILED, variant: 'destructive' });
  }, [payment.isError, payment.error, billing]);

  const onSuccess = useCallback(async () => {
    toast({ title: 'Payment Successful', description: 'You are now subscribed!' });
    await refresh();
    // With Stripe the grant arrives by webhook a moment later: wait briefly for it before leaving.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { data } = await refetchUser();
      if (data?.isPremium) break;
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    navigate(returnTo ?? '/dashboard');
  }, [navigate, refresh, refetchUser, returnTo]);

  const onFailure = useCallback((message: string) => {
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  }, []);

  const onLoadError = useCallback(() => {
    toast({
      title: 'Payment Error',
      description: 'Failed to initialize payment system. Please refresh and try again.',
      variant: 'destructive',
    });
  }, []);

  if (billing.isLoading) {
    return (
      <Page>
        <Spinner label="Loading your subscription" />
      </Page>
    );
  }

  if (subscribed && billing.data) {
    const ending = billing.data.status === 'cancelling';
    return (
      <Page>
        <EmptyState
          icon={<CheckCircle2 className="h-10 w-10 text-primary-700" aria-hidden />}
          title="You're subscribed"
          action={
            <div className="flex flex-col gap-2 sm:flex-row">
              {returnTo && <ButtonLink to={returnTo}>Back to where you were</ButtonLink>}
              <ButtonLink to="/settings#billing" variant={returnTo ? 'outline' : 'primary'}>
                Manage billing in Settings
              </ButtonLink>
            </div>
          }
        >
          You already have {PLANS[plan].name}.{' '}
          {billing.data.currentPeriodEnd &&
            (ending
              ? `Your access lasts until ${formatBillingDate(billing.data.currentPeriodEnd)}.`
              : `It renews on ${formatBillingDate(billing.data.currentPeriodEnd)}.`)}
        </EmptyState>
      </Page>
    );
  }

  let form: React.ReactNode;
  if (!consented) {
    form = (
      <div className="space-y-2">
        <Button size="lg" className="w-full" disabled aria-describedby="consent-needed">
          Subscribe Now
        </Button>
        <p id="consent-needed" className="text-sm text-slate-700">
          Tick the box above to ask us to start your plan now; then enter your card.
        </p>
      </div>
    );
  } else if (payment.isError && !(payment.error instanceof ApiError && payment.error.status === 409)) {
    form = (
      <div className="space-y-3 text-center">
        <p className="text-sm text-slate-700">{SETUP_FAILED.description}</p>
        <Button
          variant="outline"
          onClick={() => {
            toldSetupFailure.current = false;
            void payment.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  } else if (!payment.data || !settings.data) {
    form = (
      <div role="status" className="flex items-center justify-center gap-3 py-10 text-slate-600">
        <span
          className="h-6 w-6 animate-spin rounded-full border-2 border-primary-600 border-t-transparent"
          aria-hidden
        />
        <span>Setting up your subscription...</span>
      </div>
    );
  } else if (payment.data.provider === 'stripe' && settings.data.stripePublishableKey) {
    form = (
      <Suspense fallback={<Spinner label="Loading the secure card form" />}>
        <StripeCardForm
          publishableKey={settings.data.stripePublishableKey}
          clientSecret={payment.data.clientSecret}
          returnUrl={payment.data.returnUrl}
          onSuccess={onSuccess}
          onFailure={onFailure}
          onLoadError={onLoadError}
        />
      </Suspense>
    );
  } else {
    form = (
      <TestCardForm clientSecret={payment.data.clientSecret} onSuccess={onSuccess} onFailure={onFailure} />
    );
  }

  return (
    <Page>
      <header className="text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Subscribe to {PLANS[plan].name}</h1>
        <p className="mt-2 text-slate-600">
          One monthly price, renewed each month until you cancel. No hidden fees.
        </p>
      </header>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <PlanSummaryCard plan={plan} />
        <Card>
          <CardHeader>
            <CardTitle>Complete Your Subscription</CardTitle>
            <CardDescription className="flex items-center gap-1.5">
              <Lock className="h-4 w-4" aria-hidden /> Your payment is processed securely.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-5">
            <BeforeYouPay plan={plan} consented={consented} onConsent={setConsented} />
            {form}
          </CardContent>
        </Card>
      </div>
      <WhyChoose />
    </Page>
  );
}

/** The key terms, given together before paying, and the request to start at once (required). */
function BeforeYouPay({
  plan,
  consented,
  onConsent,
}: {
  plan: Plan;
  consented: boolean;
  onConsent: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        Before you pay
      </h3>
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700" data-testid="key-terms">
        {keyTerms(plan).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        <Link to={TERMS_PATH} className="text-primary-700 underline">
          Read the full terms
        </Link>
      </p>
      <div className="flex items-start gap-3 rounded-md border border-slate-300 bg-slate-50 p-3">
        <input
          id={`${id}-consent`}
          name="startNowConsent"
          type="checkbox"
          required
          checked={consented}
          onChange={(e) => onConsent(e.target.checked)}
          aria-describedby={consented ? undefined : 'consent-needed'}
          className="mt-1 h-5 w-5 shrink-0 accent-primary-700"
        />
        <label htmlFor={`${id}-consent`} className="text-sm text-slate-900">
          {START_NOW_CONSENT_TEXT}
        </label>
      </div>
    </section>
  );
}
