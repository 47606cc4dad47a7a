// Shared page states: the error with a retry, and the sign-in and premium gates (doc 1 "Property list", "Contractor list").
import { AlertTriangle, Crown, Lock, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';

export function ErrorPanel({
  title,
  children,
  onRetry,
  busy,
}: {
  title: string;
  children?: ReactNode;
  onRetry: () => void;
  busy?: boolean;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-10 text-center"
    >
      <AlertTriangle className="h-10 w-10 text-red-700" aria-hidden />
      <h2 className="mt-3 text-lg font-semibold text-red-900">{title}</h2>
      <p className="mt-1 max-w-md text-sm text-red-900">
        {children ?? 'Something went wrong while loading. Check your connection and try again.'}
      </p>
      <Button variant="outline" className="mt-5" onClick={onRetry} busy={busy}>
        <RotateCw className="h-4 w-4" aria-hidden />
        Retry
      </Button>
    </div>
  );
}

/** A full-page gate (doc 1 "Property list": sign-in and premium requirements). */
export function AccessGate({
  kind,
  title,
  children,
  actions,
}: {
  kind: 'sign-in' | 'premium';
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  const Icon = kind === 'sign-in' ? Lock : Crown;
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        className={
          kind === 'sign-in'
            ? 'rounded-full bg-primary-100 p-4 text-primary-800'
            : 'rounded-full bg-accent-100 p-4 text-accent-700'
        }
      >
        <Icon className="h-8 w-8" aria-hidden />
      </span>
      <h1 className="mt-5 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 text-slate-700">{children}</div>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>
    </div>
  );
}
