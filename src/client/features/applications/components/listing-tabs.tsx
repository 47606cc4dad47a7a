// The landlord's pages for one listing, side by side: its viewings and its applicants (issue 31).
import { NavLink } from 'react-router';
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
      <NavLink to={`/listings/${propertyId}/applicants`} className={tab} end>
        Applicants
      </NavLink>
    </nav>
  );
}
