// The admin shell (doc 2 "Admin area"): its own frame without the public header and footer. A sidebar with
// Analytics, Content Review, Contact Submissions, Super Admin (FULL ACCESS, super admins only), Back to Site and
// Sign Out. Every admin page but the login asks GET /api/admin/auth and goes to /admin/login when not an admin.
import { useQueryClient } from '@tanstack/react-query';
import {
  BadgeCheck,
  BarChart3,
  ClipboardCheck,
  Flag,
  Home,
  Inbox,
  LogOut,
  ShieldCheck,
  Star,
} from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { Link, Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import type { TAdminAuth } from '../../../../domain/admin';
import { BRAND_NAME } from '../../../../domain/constants';
import { isSuperAdmin } from '../../../../domain/identity';
import { pageMetaFor } from '../../../../domain/pages';
import { Spinner } from '../../../components/ui/feedback';
import { apiRequest } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { toast } from '../../../lib/toast';
import { ADMIN_AUTH_KEY, useAdminAuth } from '../api';

interface SideLink {
  to: string;
  label: string;
  icon: typeof BarChart3;
  superOnly?: boolean;
}

const LINKS: SideLink[] = [
  { to: '/admin/statistics', label: 'Analytics', icon: BarChart3 },
  { to: '/admin/moderation', label: 'Content Review', icon: ClipboardCheck },
  { to: '/admin/contacts', label: 'Contact Submissions', icon: Inbox },
  { to: '/admin/reports', label: 'Reports', icon: Flag },
  { to: '/admin/trade-checks', label: 'Trade Checks', icon: BadgeCheck },
  { to: '/admin/featured', label: 'Featured Homes', icon: Star },
  { to: '/admin/super', label: 'Super Admin', icon: ShieldCheck, superOnly: true },
];

function useDocumentMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const meta = pageMetaFor(pathname);
    if (meta) document.title = meta.title;
    window.scrollTo(0, 0);
  }, [pathname]);
}

function Sidebar({ auth }: { auth: TAdminAuth }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await apiRequest('POST', '/api/admin/logout');
    } catch {
      // Signed out already, or the session was gone: the login page is where to go either way.
    }
    queryClient.setQueryData(ADMIN_AUTH_KEY, { isAuthenticated: false, role: null, email: null });
    queryClient.removeQueries({ queryKey: ['/api/auth/user'] });
    toast({ title: 'Signed out', description: 'You have left the admin area.' });
    navigate('/admin/login', { replace: true });
  };

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'bg-white/15 text-white' : 'text-slate-200 hover:bg-white/10 hover:text-white',
    );

  return (
    <aside className="flex shrink-0 flex-col bg-slate-900 text-white md:sticky md:top-0 md:h-screen md:w-64 md:overflow-y-auto">
      <div className="flex items-center gap-2 px-5 py-5">
        <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
        <div>
          <p className="text-base font-bold leading-tight">{BRAND_NAME}</p>
          <p className="text-xs text-slate-300">Admin area</p>
        </div>
      </div>
      <nav aria-label="Admin" className="flex-1 px-3">
        <ul className="flex flex-wrap gap-1 md:flex-col">
          {LINKS.filter((link) => !link.superOnly || isSuperAdmin(auth)).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                <link.icon className="h-4 w-4 shrink-0" aria-hidden />
                <span>{link.label}</span>
                {link.superOnly && (
                  <span className="ml-auto rounded bg-amber-400 px-1.5 py-0.5 text-[10px] font-bold tracking-wide text-slate-900">
                    FULL ACCESS
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-white/10 px-3 py-4">
        <p className="truncate px-3 pb-2 text-xs text-slate-300" title={auth.email ?? undefined}>
          {auth.email} · {isSuperAdmin(auth) ? 'Super admin' : 'Admin'}
        </p>
        <Link
          to="/"
          className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white"
        >
          <Home className="h-4 w-4" aria-hidden />
          Back to Site
        </Link>
        <button
          type="button"
          onClick={signOut}
          disabled={signingOut}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-200 hover:bg-white/10 hover:text-white disabled:opacity-60"
        >
          <LogOut className="h-4 w-4" aria-hidden />
          {signingOut ? 'Signing out…' : 'Sign Out'}
        </button>
      </div>
    </aside>
  );
}

export function AdminLayout() {
  useDocumentMeta();
  const { pathname } = useLocation();
  const auth = useAdminAuth();
  const isLogin = pathname === '/admin/login';

  if (isLogin) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-slate-100 px-4 py-10">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    );
  }
  if (auth.isLoading) return <Spinner label="Checking your admin access" className="min-h-screen" />;
  if (!auth.data?.isAuthenticated) return <Navigate to="/admin/login" replace />;

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 md:flex-row">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <Sidebar auth={auth.data} />
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 sm:px-8 sm:py-8">
        <ConfigWarnings warnings={auth.data.warnings ?? []} />
        <Suspense fallback={<Spinner />}>
          <Outlet context={auth.data} />
        </Suspense>
      </main>
    </div>
  );
}

/** What the operator must fix in the site's configuration (test payments, undelivered mail), on every admin page. */
function ConfigWarnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <section
      aria-label="Configuration warnings"
      className="mb-6 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <h2 className="font-semibold">This site is not fully configured for real use</h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}

/** The header of an admin page: its one h1 and a line under it. */
export function AdminPageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: string;
  actions?: React.ReactNode;
}) {
  return (
    <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  );
}
