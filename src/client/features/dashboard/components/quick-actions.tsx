import { ChevronRight, Lock, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';

export interface QuickAction {
  to: string;
  label: string;
  description: string;
  icon: LucideIcon;
  /** Shown, but disabled with a 'Premium Only' badge (doc 2 §6: locked features are visible, not hidden). */
  locked?: boolean;
}

export function QuickActions({
  actions,
  title = 'Quick Actions',
}: {
  actions: QuickAction[];
  title?: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {actions.map((action) => (
            <li key={action.to}>
              {action.locked ? (
                <LockedFeature icon={action.icon} label={action.label} description={action.description} />
              ) : (
                <Link
                  to={action.to}
                  className="group flex h-full items-center gap-3 rounded-lg border border-slate-200 p-4 transition-colors hover:border-primary-300 hover:bg-primary-50"
                >
                  <ActionIcon icon={action.icon} />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{action.label}</span>
                    <span className="block text-sm text-slate-600">{action.description}</span>
                  </span>
                  <ChevronRight
                    className="h-4 w-4 shrink-0 text-slate-500 group-hover:text-primary-700"
                    aria-hidden
                  />
                </Link>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ActionIcon({ icon: Icon, muted }: { icon: LucideIcon; muted?: boolean }) {
  return (
    <span
      className={
        muted
          ? 'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-500'
          : 'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700'
      }
    >
      <Icon className="h-5 w-5" aria-hidden />
    </span>
  );
}

/** A premium feature shown as unavailable: a disabled control, not a link, with the reason next to it. */
export function LockedFeature({
  icon,
  label,
  description,
}: {
  icon: LucideIcon;
  label: string;
  description: string;
}) {
  return (
    <button
      type="button"
      disabled
      aria-disabled="true"
      className="flex h-full w-full cursor-not-allowed items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-4 text-left"
    >
      <ActionIcon icon={icon} muted />
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-700">{label}</span>
          <Badge variant="warning">
            <Lock className="h-3 w-3" aria-hidden /> Premium Only
          </Badge>
        </span>
        <span className="block text-sm text-slate-600">{description}</span>
      </span>
    </button>
  );
}
