// /admin/super (doc 2 "Admin area": tabs User Management, Grant Trials, Premium Control, Demo Access, Live Content),
// plus the audit log. Super admins only; the server refuses every call here to anyone else.
import { ShieldAlert } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { useOutletContext, useSearchParams } from 'react-router';
import type { TAdminAuth } from '../../../../domain/admin';
import { isSuperAdmin } from '../../../../domain/identity';
import { EmptyState } from '../../../components/ui/feedback';
import { cn } from '../../../lib/cn';
import { AdminPageHeader } from '../components/admin-layout';
import { AuditLogPanel } from '../super/audit-log-panel';
import { DemoAccessTab } from '../super/demo-access-tab';
import { LiveContentTab } from '../super/live-content-tab';
import { GrantTrialsTab, PremiumControlTab } from '../super/premium-tabs';
import { UserManagementTab } from '../super/user-management-tab';

const TABS = [
  { id: 'users', label: 'User Management' },
  { id: 'trials', label: 'Grant Trials' },
  { id: 'premium', label: 'Premium Control' },
  { id: 'demo', label: 'Demo Access' },
  { id: 'live', label: 'Live Content' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export default function SuperAdminPage() {
  const auth = useOutletContext<TAdminAuth>();
  const [params, setParams] = useSearchParams();
  const current: TabId = TABS.find((t) => t.id === params.get('tab'))?.id ?? 'users';
  const buttons = useRef<Record<string, HTMLButtonElement | null>>({});

  if (!isSuperAdmin(auth)) {
    return (
      <EmptyState icon={<ShieldAlert className="h-8 w-8" aria-hidden />} title="Super admin access required">
        This part of the admin area is for the super administrator.
      </EmptyState>
    );
  }

  const select = (id: TabId, focus = false) => {
    setParams(id === 'users' ? {} : { tab: id }, { replace: true });
    if (focus) buttons.current[id]?.focus();
  };
  // The tabs pattern: arrow keys move between tabs, Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === current);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    select(TABS[next].id, true);
  };

  return (
    <div>
      <AdminPageHeader
        title="Super admin"
        subtitle="Users, premium access, demo sessions and time-limited content."
      />
      <div
        role="tablist"
        aria-label="Super admin tools"
        className="flex flex-wrap gap-1 border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={current === tab.id ? 0 : -1}
            onClick={() => select(tab.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium transition-colors',
              current === tab.id
                ? 'border-primary-700 text-primary-800'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`} className="pt-6">
        {current === 'users' && <UserManagementTab selfEmail={auth.email} />}
        {current === 'trials' && <GrantTrialsTab />}
        {current === 'premium' && <PremiumControlTab />}
        {current === 'demo' && <DemoAccessTab />}
        {current === 'live' && <LiveContentTab />}
      </div>
      <AuditLogPanel />
    </div>
  );
}
