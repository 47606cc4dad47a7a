// The landlord's pages for one listing, side by side: its viewings and its applicants (issue 31).

import { ArrowLeft } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { APPLICATION_PAGES } from '../../../../domain/applications';
import { cn } from '../../../lib/cn';

export function ListingTabs({ propertyId }: { propertyId: string }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 py-2 text-sm font-medium',
      isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100',
    );
  return (
    <nav aria-label="This listing" className="mt-3 flex flex-wrap gap-1">
      <NavLink to={`/listings/${propertyId}/viewings`} className={tab} end>
        Viewings
      </NavLink>
      <NavLink to={APPLICATION_PAGES.listingApplicants(propertyId)} className={tab} end>
        Applicants
      </NavLink>
    </nav>
  );
}

/** The top of a listing's landlord page: the way back, the page's one h1, and the tabs. */
export function ListingPageHeader({ propertyId, title }: { propertyId: string; title: string }) {
  return (
    <>
      <Link
        to="/landlord-dashboard"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-primary-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to your properties
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <ListingTabs propertyId={propertyId} />
    </>
  );
}
