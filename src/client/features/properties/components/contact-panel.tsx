// The detail page's side panel (doc 1 "Property detail"): the landlord's contact actions. The server sends contact
// details only to a viewer whose plan includes contacting landlords; everyone else sees the same actions, and
// pressing one shows, in place, what Tenant Premium gives and how to get it (sign in, upgrade). Send Message and
// Schedule Viewing open the enquiry form: the conversation then lives in /inbox (issue 13).
//
// The way back (issue 30, decision 0059): what a visitor pressed is kept in the address (`?contact=message` or
// `?contact=viewing`), which every sign-in, sign-up and checkout link here carries as `returnTo`; on coming back
// with a plan that allows contact, that dialog opens, and closing it returns focus to its button.
import { CalendarDays, Clock, Mail, MessagesSquare, Phone, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { BRAND_NAME } from '../../../../domain/constants';
import type { TPropertyDetail } from '../../../../domain/properties';
import { CONTACT_PARAM, type ContactIntent, contactIntentOf } from '../../../../domain/return-to';
import { UpgradePrompt } from '../../../components/plan/upgrade-prompt';
import { Button, ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { DialogFallback } from '../../../components/ui/dialog-fallback';
import { Skeleton } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/auth';
import { bookSlot, usePublishedSlots } from '../../viewings/api';

// The enquiry form (its validation and form code) loads when first wanted: pointing at or focusing a button that
// opens it starts the download, so a listing's first load carries none of it.
const loadEnquiryDialog = () => import('../../messages/components/enquiry-dialog');
const EnquiryDialog = lazy(() => loadEnquiryDialog().then((m) => ({ default: m.EnquiryDialog })));
// Apply (issue 31) is for premium tenants already in a conversation about the home: its own chunk, loaded for them.
const ApplyPanel = lazy(() =>
  import('../../applications/components/apply-panel').then((m) => ({ default: m.ApplyPanel })),
);
const preloadEnquiryDialog = {
  onPointerEnter: () => void loadEnquiryDialog().catch(() => {}),
  onFocus: () => void loadEnquiryDialog().catch(() => {}),
};

/** The dialog the address asks for, and a way to take the request out of the address once it is answered. */
function useContactIntent() {
  const [params, setParams] = useSearchParams();
  const intent = contactIntentOf(params.get(CONTACT_PARAM));
  const clear = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(CONTACT_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return { intent, clear };
}

export function ContactPanel({ property, loading }: { property: TPropertyDetail; loading: boolean }) {
  const auth = useAuth();
  const { intent, clear } = useContactIntent();
  const [enquiry, setEnquiry] = useState<{ preset: string; viewing?: boolean } | null>(null);
  // Kept once opened, so a closed form keeps what was typed.
  const [enquiryOpened, setEnquiryOpened] = useState(false);
  const messageButton = useRef<HTMLButtonElement>(null);
  const viewingButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (enquiry) setEnquiryOpened(true);
  }, [enquiry]);
  const landlordFirstName = property.landlord?.firstName || property.landlord?.lastName || '';
  const canEnquire = !loading && !!property.landlord && property.status === 'live' && !property.letAgreedAt;
  // Back from signing in or paying with the dialog asked for: open it, as if its button had been pressed (focus on
  // the button first, so closing the dialog returns there).
  const answered = useRef<ContactIntent | null>(null);
  // Schedule Viewing shows the landlord's published times (issue 30): read when that form opens.
  const published = usePublishedSlots(property.id, canEnquire && !!enquiry?.viewing);
  useEffect(() => {
    if (!intent) answered.current = null;
    if (!intent || !canEnquire || answered.current === intent) return;
    answered.current = intent;
    const button = (intent === 'viewing' && viewingButton.current) || messageButton.current;
    button?.focus();
    setEnquiry(
      intent === 'viewing' ? { preset: viewingPreset(landlordFirstName), viewing: true } : { preset: '' },
    );
  }, [intent, canEnquire, landlordFirstName]);
  if (loading) {
    return (
      <Card className="p-5" aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-4 h-10 w-full" />
        <Skeleton className="mt-2 h-10 w-full" />
      </Card>
    );
  }

  if (auth.user && auth.user.id === property.landlordId) return <OwnListingNote />;
  // No contact details were sent: this viewer's plan does not include contacting landlords (plans.ts).
  if (!property.landlord) return <LockedContact responseTime={property.responseTime} intent={intent} />;

  const landlord = property.landlord;
  const name = `${landlord.firstName} ${landlord.lastName}`.trim();
  const firstName = landlord.firstName || name;
  const taking = property.status === 'live' && !property.letAgreedAt;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Contact the landlord</h2>
        <p className="flex items-center gap-2 text-slate-800" data-testid="landlord-name">
          <UserRound className="h-5 w-5 text-slate-500" aria-hidden />
          {name}
        </p>
        <ResponseTime label={property.responseTime} />
      </CardHeader>
      <CardContent className="space-y-2">
        {landlord.phone ? (
          <a
            href={`tel:${landlord.phone.replace(/[^\d+]/g, '')}`}
            className={buttonClass('primary', 'md', 'w-full')}
          >
            <Phone className="h-4 w-4" aria-hidden />
            Call Now
            <span className="sr-only"> on {landlord.phone}</span>
          </a>
        ) : (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            This landlord prefers messages: no phone number is listed.
          </p>
        )}
        {property.conversationId && (
          <ButtonLink to={`/inbox?c=${property.conversationId}`} variant="outline" className="w-full">
            <MessagesSquare className="h-4 w-4" aria-hidden />
            Open conversation
          </ButtonLink>
        )}
        {taking ? (
          <>
            <Button
              ref={messageButton}
              variant="outline"
              className="w-full"
              onClick={() => setEnquiry({ preset: '' })}
              {...preloadEnquiryDialog}
            >
              <Mail className="h-4 w-4" aria-hidden />
              Send Message
            </Button>
            {property.conversationId ? (
              // In a conversation already: its viewing panel lists the landlord's times to book.
              <ButtonLink to={`/inbox?c=${property.conversationId}`} variant="outline" className="w-full">
                <CalendarDays className="h-4 w-4" aria-hidden />
                Schedule Viewing
              </ButtonLink>
            ) : (
              <Button
                ref={viewingButton}
                variant="outline"
                className="w-full"
                {...preloadEnquiryDialog}
                onClick={() => setEnquiry({ preset: viewingPreset(firstName), viewing: true })}
              >
                <CalendarDays className="h-4 w-4" aria-hidden />
                Schedule Viewing
              </Button>
            )}
            {property.conversationId && auth.isPremiumTenant && (
              <Suspense fallback={<Skeleton className="h-10 w-full" />}>
                <ApplyPanel
                  propertyId={property.id}
                  title={property.title}
                  className="mt-2 border-t border-slate-200 pt-3"
                />
              </Suspense>
            )}
          </>
        ) : (
          <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            This home is not taking new enquiries.
          </p>
        )}
        {landlord.phone && <p className="pt-1 text-center text-sm text-slate-600">{landlord.phone}</p>}
        <p className="pt-1 text-xs text-slate-600">
          Messages stay on {BRAND_NAME}, so you have a record. Never pay for a home you have not seen.
        </p>
      </CardContent>
      {(enquiry || enquiryOpened) && (
        <Suspense fallback={enquiry ? <DialogFallback /> : null}>
          <EnquiryDialog
            open={enquiry !== null}
            onOpenChange={(open) => {
              if (open) return;
              setEnquiry(null);
              if (intent) clear();
            }}
            propertyId={property.id}
            title={property.title}
            landlordName={firstName}
            preset={enquiry?.preset}
            viewing={
              enquiry?.viewing
                ? { slots: published.data?.slots ?? (published.isError ? [] : null), book: bookSlot }
                : undefined
            }
          />
        </Suspense>
      )}
    </Card>
  );
}

function viewingPreset(firstName: string): string {
  return `Hello ${firstName}, I'd like to arrange a viewing of this home. I'm available on: `;
}

function OwnListingNote() {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Your listing</h2>
        <CardDescription>
          Tenants enquire from this panel; their messages arrive in your inbox.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ButtonLink to="/inbox" variant="outline" className="w-full">
          <MessagesSquare className="h-4 w-4" aria-hidden />
          Open inbox
        </ButtonLink>
      </CardContent>
    </Card>
  );
}

const LOCKED_ACTIONS: ReadonlyArray<{ label: string; icon: typeof Phone; intent: ContactIntent | null }> = [
  { label: 'Call Now', icon: Phone, intent: null },
  { label: 'Send Message', icon: Mail, intent: 'message' },
  { label: 'Schedule Viewing', icon: CalendarDays, intent: 'viewing' },
] as const;

function ResponseTime({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="response-time">
      <Clock className="h-4 w-4" aria-hidden />
      {label}
    </p>
  );
}

function LockedContact({
  responseTime,
  intent,
}: {
  responseTime: string | null;
  intent: ContactIntent | null;
}) {
  const location = useLocation();
  // Back here signed in, still without the plan: the action pressed before is asked again, with its way to pay.
  const [asked, setAsked] = useState<string | null>(
    () => LOCKED_ACTIONS.find((action) => action.intent && action.intent === intent)?.label ?? null,
  );
  const prompt = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) prompt.current?.focus();
  }, [asked]);
  const action = LOCKED_ACTIONS.find((a) => a.label === asked);
  // Signing in, signing up and paying all come back to this listing with that action's dialog asked for.
  const returnTo = action?.intent
    ? `${location.pathname}?${new URLSearchParams({ [CONTACT_PARAM]: action.intent })}`
    : location.pathname;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Contact the landlord</h2>
        <CardDescription>Call, message or book a viewing with the landlord directly.</CardDescription>
        <ResponseTime label={responseTime} />
      </CardHeader>
      <CardContent className="space-y-2">
        {LOCKED_ACTIONS.map(({ label, icon: Icon }) => (
          <Button
            key={label}
            variant={label === 'Call Now' ? 'primary' : 'outline'}
            className="w-full"
            aria-expanded={asked === label}
            aria-controls="contact-upgrade"
            onClick={() => setAsked(label)}
          >
            <Icon className="h-4 w-4" aria-hidden />
            {label}
          </Button>
        ))}
        {asked && (
          <div id="contact-upgrade" ref={prompt} tabIndex={-1} className="pt-2 outline-none">
            <UpgradePrompt
              feature="contactLandlords"
              title={`${asked}: contact the landlord`}
              headingLevel="h3"
              returnTo={returnTo}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
