// Global navigation (doc 1 "Global navigation"): visitor, signed-in, premium and premium-tenant variants,
// avatar menu with initials fallback, and a side drawer on small screens. The drawer and the avatar menu come
// from ./header-menus, a chunk of their own that starts loading when the header first renders.
import { Menu as MenuIcon } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BRAND_NAME } from '../../../domain/constants';
import { useAuth } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { useHydrated } from '../../lib/hydrated';
import { ButtonLink, buttonClass } from '../ui/button';
import { IconTooltip } from '../ui/icon-tooltip';
import { type NavItem, navLinkClass } from './nav-items';
import { UnreadBadge } from './unread-badge';

const loadMenus = () => import('./header-menus');
const MobileNav = lazy(() => loadMenus().then((m) => ({ default: m.MobileNav })));
const AvatarMenu = lazy(() => loadMenus().then((m) => ({ default: m.AvatarMenu })));

/** Browsing homes and trades is open to everyone (docs/decisions/0014); the forum only with a plan that has it. */
export function navItemsFor(auth: ReturnType<typeof useAuth>): NavItem[] {
  const items: NavItem[] = auth.user
    ? [
        { to: '/dashboard', label: 'Dashboard' },
        { to: '/inbox', label: 'Inbox', unread: true },
      ]
    : [];
  items.push(
    { to: '/properties', label: 'Browse Properties' },
    { to: '/contractors', label: 'Find Contractors' },
  );
  if (auth.may('forum')) items.push({ to: '/forum', label: 'Forum' });
  items.push({ to: '/about', label: 'About' });
  return items;
}

export function Brand({ className }: { className?: string }) {
  return (
    <Link to="/" className={cn('flex items-center gap-2 text-lg font-bold text-primary-800', className)}>
      <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}

/** The drawer's trigger until ./header-menus arrives; a press opens the drawer as soon as it has. */
function MenuButtonPlaceholder({ onOpen }: { onOpen: () => void }) {
  return (
    <IconTooltip label="Menu">
      <button
        type="button"
        className={buttonClass('ghost', 'icon', 'md:hidden')}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={false}
        onClick={onOpen}
      >
        <MenuIcon className="h-6 w-6" aria-hidden />
      </button>
    </IconTooltip>
  );
}

/** Holds the avatar's place until the avatar menu arrives. */
function AvatarPlaceholder() {
  return <span className="ml-2 inline-flex h-9 w-9 shrink-0 rounded-full bg-primary-100" aria-hidden />;
}

export function SiteHeader() {
  const auth = useAuth();
  // The menus' chunk is the browser's alone: the server's HTML has the placeholders, which work as soon as the
  // header hydrates (a press on the menu button before the chunk arrives opens the drawer when it does).
  const hydrated = useHydrated();
  const items = navItemsFor(auth);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const user = auth.user;
  const { pathname, search } = useLocation();
  // Following a link in the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [pathname, search]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Brand />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className={navLinkClass}>
              {item.label}
              {item.unread && <UnreadBadge />}
            </NavLink>
          ))}
          {!user && !auth.isLoading && (
            <>
              <ButtonLink to="/login" variant="ghost" className="ml-1">
                Sign In
              </ButtonLink>
              <ButtonLink to="/simple-registration">Sign Up</ButtonLink>
            </>
          )}
          {user &&
            (hydrated ? (
              <Suspense fallback={<AvatarPlaceholder />}>
                <AvatarMenu />
              </Suspense>
            ) : (
              <AvatarPlaceholder />
            ))}
        </nav>

        {hydrated ? (
          <Suspense fallback={<MenuButtonPlaceholder onOpen={() => setDrawerOpen(true)} />}>
            <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} items={items} />
          </Suspense>
        ) : (
          <MenuButtonPlaceholder onOpen={() => setDrawerOpen(true)} />
        )}
      </div>
    </header>
  );
}
