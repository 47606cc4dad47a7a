// Shared by the header (./site-header) and its lazily loaded menus (./header-menus).
import { cn } from '../../lib/cn';

export interface NavItem {
  to: string;
  label: string;
  /** Shows the unread-messages count beside the label (Inbox). */
  unread?: boolean;
}

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-primary-50 text-primary-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );
