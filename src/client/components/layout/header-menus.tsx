// The header's two menus, in their own chunk so that every page's first load goes without Radix's dialog and
// dropdown code: the side drawer of small screens and the signed-in avatar menu. The header starts loading this
// module as soon as it renders and shows look-alike placeholders until it arrives (./site-header).
import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { ClipboardList, Home, LogOut, Menu as MenuIcon, Settings, User, X } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { BRAND_NAME } from '../../../domain/constants';
import { fullName } from '../../../domain/names';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { UserAvatar } from '../ui/avatar';
import { ButtonLink, buttonClass } from '../ui/button';
import { IconTooltip } from '../ui/icon-tooltip';
import { accountLinksFor, type NavItem, navLinkClass } from './nav-items';
import { UnreadBadge } from './unread-badge';

/** A tenant's renter profile (issue 31): in both menus, for tenants only. */
const RENTER_PROFILE_PATH = '/renter-profile';

/** The side drawer (below md): its trigger, the user, the navigation and the account or sign-in links. */
export function MobileNav({
  open,
  onOpenChange,
  items,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  items: NavItem[];
}) {
  const { user } = useAuth();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <IconTooltip label="Menu">
        <DialogPrimitive.Trigger className={buttonClass('ghost', 'icon', 'md:hidden')} aria-label="Open menu">
          <MenuIcon className="h-6 w-6" aria-hidden />
        </DialogPrimitive.Trigger>
      </IconTooltip>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40 md:hidden" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-[300px] max-w-full flex-col overflow-y-auto bg-white p-5 shadow-xl sm:w-[400px] md:hidden">
          <div className="flex items-center justify-between">
            <DialogPrimitive.Title asChild>
              <span className="text-lg font-bold text-primary-800">{BRAND_NAME}</span>
            </DialogPrimitive.Title>
            <IconTooltip label="Close menu">
              <DialogPrimitive.Close className={buttonClass('ghost', 'icon')} aria-label="Close menu">
                <X className="h-5 w-5" aria-hidden />
              </DialogPrimitive.Close>
            </IconTooltip>
          </div>
          <DialogPrimitive.Description className="sr-only">Site navigation</DialogPrimitive.Description>
          {user && (
            <div className="mt-5 flex items-center gap-3 rounded-lg bg-slate-50 p-3">
              <UserAvatar
                firstName={user.firstName}
                lastName={user.lastName}
                imageUrl={user.profileImageUrl}
              />
              <div className="min-w-0">
                <p className="truncate font-medium">{fullName(user.firstName, user.lastName)}</p>
                <p className="truncate text-sm text-slate-600">{user.email}</p>
              </div>
            </div>
          )}
          <nav aria-label="Mobile" className="mt-5 flex flex-col gap-1">
            {items.map((item) => (
              <NavLink key={item.to} to={item.to} className={navLinkClass}>
                {item.label}
                {item.unread && <UnreadBadge />}
              </NavLink>
            ))}
            {user ? (
              <>
                {accountLinksFor(user.userType).map((item) => (
                  <NavLink key={item.to} to={item.to} className={navLinkClass}>
                    {item.label}
                  </NavLink>
                ))}
                <NavLink to="/profile" className={navLinkClass}>
                  Profile
                </NavLink>
                {user.userType === 'tenant' && (
                  <NavLink to={RENTER_PROFILE_PATH} className={navLinkClass}>
                    Renter profile
                  </NavLink>
                )}
                <NavLink to="/settings" className={navLinkClass}>
                  Settings
                </NavLink>
                <a href="/api/logout" className={cn(navLinkClass({ isActive: false }), 'text-red-700')}>
                  Log out
                </a>
              </>
            ) : (
              <div className="mt-4 flex flex-col gap-2">
                <ButtonLink to="/simple-registration">Sign Up</ButtonLink>
                <ButtonLink to="/login" variant="outline">
                  Sign In
                </ButtonLink>
              </div>
            )}
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** The signed-in user's menu behind their avatar (md and up): Dashboard, Profile, (Renter profile,) Settings, Log out. */
export function AvatarMenu() {
  const { user } = useAuth();
  if (!user) return null;
  const itemClass =
    'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100';
  return (
    <Menu.Root>
      {/* Named by its content, not aria-label: the visible initials must be part of the name (WCAG 2.5.3). */}
      {/* The placeholder's very box (site-header.tsx): a button's line box would make it taller and move the
          navigation when the menu replaces the placeholder after hydration. */}
      <Menu.Trigger className="ml-2 inline-flex h-9 w-9 shrink-0 rounded-full">
        <span className="sr-only">Account menu</span>
        <UserAvatar firstName={user.firstName} lastName={user.lastName} imageUrl={user.profileImageUrl} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-64 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold">{fullName(user.firstName, user.lastName)}</p>
            <p className="truncate text-xs text-slate-600">{user.email}</p>
          </div>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item asChild className={itemClass}>
            <Link to="/dashboard">
              <Home className="h-4 w-4" aria-hidden /> Dashboard
            </Link>
          </Menu.Item>
          {accountLinksFor(user.userType).map((item) => (
            <Menu.Item key={item.to} asChild className={itemClass}>
              <Link to={item.to}>
                <ClipboardList className="h-4 w-4" aria-hidden /> {item.label}
              </Link>
            </Menu.Item>
          ))}
          <Menu.Item asChild className={itemClass}>
            <Link to="/profile">
              <User className="h-4 w-4" aria-hidden /> Profile
            </Link>
          </Menu.Item>
          {user.userType === 'tenant' && (
            <Menu.Item asChild className={itemClass}>
              <Link to={RENTER_PROFILE_PATH}>
                <ClipboardList className="h-4 w-4" aria-hidden /> Renter profile
              </Link>
            </Menu.Item>
          )}
          <Menu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings className="h-4 w-4" aria-hidden /> Settings
            </Link>
          </Menu.Item>
          <Menu.Separator className="my-1 h-px bg-slate-200" />
          <Menu.Item asChild className={cn(itemClass, 'text-red-700')}>
            <a href="/api/logout">
              <LogOut className="h-4 w-4" aria-hidden /> Log out
            </a>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
