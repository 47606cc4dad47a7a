// The detail page's side panel (doc 1 "Property detail"): sign in, upgrade, or the landlord's contact actions.
// The server only sends contact details to premium users; the panel shows what it was given.
import { CalendarDays, Crown, Lock, Mail, Phone, UserRound } from 'lucide-react';
import type { TPropertyDetail } from '../../../../domain/properties';
import { ButtonLink, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/feedback';

function mailto(email: string, subject: string, body: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function ContactPanel({
  property,
  signedIn,
  premium,
  loading,
}: {
  property: TPropertyDetail;
  signedIn: boolean;
  premium: boolean;
  loading: boolean;
}) {
  if (loading) {
    return (
      <Card className="p-5" aria-busy="true">
        <Skeleton className="h-6 w-40" />
        <Skeleton className="mt-4 h-10 w-full" />
        <Skeleton className="mt-2 h-10 w-full" />
      </Card>
    );
  }

  if (!signedIn) {
    return (
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Lock className="h-5 w-5 text-primary-700" aria-hidden />
            Sign In Required
          </h2>
          <CardDescription>Sign in to contact the landlord and arrange a viewing.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* A full-page sign-in (doc 1 §7 /api/login) that brings the visitor back here afterwards. */}
          <a
            href={`/api/login?returnTo=${encodeURIComponent(`/properties/${property.id}`)}`}
            className={buttonClass('primary', 'md', 'w-full')}
          >
            Sign In
          </a>
        </CardContent>
      </Card>
    );
  }

  if (!premium || !property.landlord) {
    return (
      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Crown className="h-5 w-5 text-accent-600" aria-hidden />
            Premium Access Required
          </h2>
          <CardDescription>
            Tenant Premium shows the landlord's contact details so you can call, message and book viewings.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ButtonLink to="/subscribe?plan=tenant" variant="accent" className="w-full">
            Upgrade for £1/month
          </ButtonLink>
        </CardContent>
      </Card>
    );
  }

  const landlord = property.landlord;
  const name = `${landlord.firstName} ${landlord.lastName}`.trim();
  const listingUrl = `${window.location.origin}/properties/${property.id}`;
  const greeting = `Hello ${landlord.firstName || name},\n\n`;
  const signOff = `\n\nListing: ${listingUrl}\n`;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">Contact the landlord</h2>
        <p className="flex items-center gap-2 text-slate-800" data-testid="landlord-name">
          <UserRound className="h-5 w-5 text-slate-500" aria-hidden />
          {name}
        </p>
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
        <a
          href={mailto(
            landlord.email,
            `Enquiry: ${property.title}`,
            `${greeting}I'm interested in "${property.title}" and would like to know more.${signOff}`,
          )}
          className={buttonClass('outline', 'md', 'w-full')}
        >
          <Mail className="h-4 w-4" aria-hidden />
          Send Message
        </a>
        <a
          href={mailto(
            landlord.email,
            `Viewing request: ${property.title}`,
            `${greeting}I'd like to arrange a viewing of "${property.title}". I'm available on:\n\n- \n- ${signOff}`,
          )}
          className={buttonClass('outline', 'md', 'w-full')}
        >
          <CalendarDays className="h-4 w-4" aria-hidden />
          Schedule Viewing
        </a>
        {landlord.phone && <p className="pt-1 text-center text-sm text-slate-600">{landlord.phone}</p>}
      </CardContent>
    </Card>
  );
}
