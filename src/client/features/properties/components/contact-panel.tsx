// The detail page's side panel (doc 1 "Property detail"): the landlord's contact actions. The server sends contact
// details only to a viewer whose plan includes contacting landlords; everyone else sees the same actions, and
// pressing one shows, in place, what Tenant Premium gives and how to get it (sign in, upgrade). Send Message and
// Schedule Viewing open the enquiry form: the conversation then lives in /inbox (issue 13).
import { CalendarDays, Clock, Mail, MessagesSquare, Phone, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BRAND_NAME } from '../../../../domain/constants';
import type { TPropertyDetail } from '../../../../domain/properties';
import { UpgradePrompt } from '../../../components/plan/upgrade-prompt';
import { Button, ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { DialogFallback } from '../../../components/ui/dialog-fallback';
import { Skeleton } from '../../../components/ui/feedback';
import { useAuth } from '../../../lib/auth';

// The enquiry form (its validation and form code) loads when first wanted: pointing at or focusing a button that
// opens it starts the download, so a listing's first load carries none of it.
const loadEnquiryDialog = () => import('../../messages/components/enquiry-dialog');
const EnquiryDialog = lazy(() => loadEnquiryDialog().then((m) => ({ default: m.EnquiryDialog })));
const preloadEnquiryDialog = {
  onPointerEnter: () => void loadEnquiryDialog().catch(() => {}),
  onFocus: () => void loadEnquiryDialog().catch(() => {}),
};

export function ContactPanel({ property, loading }: { property: TPropertyDetail; loading: boolean }) {
  const auth = useAuth();
  const [enquiry, setEnquiry] = useState<{ preset: string } | null>(null);
  // Kept once opened, so a closed form keeps what was typed.
  const [enquiryOpened, setEnquiryOpened] = useState(false);
  useEffect(() => {
    if (enquiry) setEnquiryOpened(true);
  }, [enquiry]);
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
  if (!property.landlord) return <LockedContact responseTime={property.responseTime} />;

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
                variant="outline"
                className="w-full"
                {...preloadEnquiryDialog}
                onClick={() =>
                  setEnquiry({
                    preset: `Hello ${firstName}, I'd like to arrange a viewing of this home. I'm available on: `,
                  })
                }
              >
                <CalendarDays className="h-4 w-4" aria-hidden />
                Schedule Viewing
              </Button>
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
            onOpenChange={(open) => !open && setEnquiry(null)}
            propertyId={property.id}
            title={property.title}
            landlordName={firstName}
            preset={enquiry?.preset}
          />
        </Suspense>
      )}
    </Card>
  );
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

const LOCKED_ACTIONS = [
  { label: 'Call Now', icon: Phone },
  { label: 'Send Message', icon: Mail },
  { label: 'Schedule Viewing', icon: CalendarDays },
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

function LockedContact({ responseTime }: { responseTime: string | null }) {
  const [asked, setAsked] = useState<string | null>(null);
  const prompt = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asked) prompt.current?.focus();
  }, [asked]);
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
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
