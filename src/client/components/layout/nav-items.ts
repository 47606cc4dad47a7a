// Shared by the header (./site-header) and its lazily loaded menus (./header-menus).
import { cn } from '../../lib/cn';

export interface NavItem {
  to: string;
  label: string;
  /** Shows the unread-messages count beside the label (Inbox). */
  unread?: boolean;
}

/**
 * The rental records of an account (issue 31), in the avatar menu and the drawer: a tenant's, a landlord's. The
 * paths are APPLICATION_PAGES' (src/domain/applications.ts), written out because the header loads no zod; the unit
 * test tests/unit/tenancy-pages.test.ts holds them equal.
 */
export function accountLinksFor(userType: string | null | undefined): NavItem[] {
  if (userType === 'tenant')
    return [
      { to: '/applications', label: 'My applications' },
      { to: '/my-home', label: 'My home' },
    ];
  if (userType === 'landlord') return [{ to: '/tenancies', label: 'Tenancies' }];
  return [];
}

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
