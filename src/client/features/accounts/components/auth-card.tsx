import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The narrow, centred card every sign-in and recovery screen uses; `title` is the page's one h1. */
export function AuthCard({
  title,
  description,
  icon,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        {icon && (
          <div className="mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-primary-50 text-primary-700">
            {icon}
          </div>
        )}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
        {children && <div className="mt-6">{children}</div>}
      </Card>
      {footer && <div className="mt-6 space-y-2 text-center text-sm text-slate-600">{footer}</div>}
    </div>
  );
}
