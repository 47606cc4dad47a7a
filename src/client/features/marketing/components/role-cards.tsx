// Hero role cards (doc 1 "Landing page", §4): none selected, then selected on click with an immediate
// redirect to simple registration for that role. Each is a link, so a tap before the scripts have run
// goes there too (decision 0061).
import { ArrowRight, Building2, Search, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { UserType } from '../../../../domain/constants';
import { cn } from '../../../lib/cn';
import { ctaTarget } from '../cta';

const ROLE_CARDS = [
  {
    role: 'tenant',
    title: "I'm a Tenant",
    subtitle: 'Looking for a property',
    activeTitle: 'Start Searching',
    Icon: Search,
  },
  {
    role: 'landlord',
    title: "I'm a Landlord",
    subtitle: 'I have properties to rent',
    activeTitle: 'List Properties',
    Icon: Building2,
  },
  {
    role: 'contractor',
    title: "I'm a Contractor",
    subtitle: 'I provide services',
    activeTitle: 'Join Network',
    Icon: Wrench,
  },
] as const satisfies ReadonlyArray<{
  role: UserType;
  title: string;
  subtitle: string;
  activeTitle: string;
  Icon: unknown;
}>;

export function RoleCards() {
  const [selected, setSelected] = useState<UserType | null>(null);

  return (
    <ul className="grid gap-3 sm:grid-cols-3" aria-label="Choose how you use Your Place">
      {ROLE_CARDS.map(({ role, title, subtitle, activeTitle, Icon }) => {
        const active = selected === role;
        return (
          <li key={role}>
            <Link
              to={ctaTarget(role, 'role', false)}
              onClick={() => setSelected(role)}
              className={cn(
                'group flex h-full w-full items-center gap-4 rounded-xl border-2 p-4 text-left transition-colors sm:flex-col sm:items-start',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                active
                  ? 'border-accent-500 bg-white text-slate-900'
                  : 'border-white/30 bg-white/10 text-white hover:border-white hover:bg-white/20',
              )}
            >
              <span
                className={cn(
                  'flex h-11 w-11 shrink-0 items-center justify-center rounded-full',
                  active ? 'bg-accent-100 text-accent-700' : 'bg-white/15 text-white',
                )}
              >
                <Icon className="h-5 w-5" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-lg font-semibold">{active ? activeTitle : title}</span>
                <span className={cn('block text-sm', active ? 'text-slate-700' : 'text-primary-50')}>
                  {subtitle}
                </span>
              </span>
              <ArrowRight className="h-5 w-5 shrink-0 opacity-80 sm:hidden" aria-hidden />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
