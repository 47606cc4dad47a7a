import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  default: 'bg-primary-100 text-primary-800',
  success: 'bg-green-100 text-green-800',
  warning: 'bg-amber-100 text-amber-900',
  accent: 'bg-accent-100 text-accent-700',
  neutral: 'bg-slate-100 text-slate-700',
  danger: 'bg-red-100 text-red-800',
  premium: 'bg-gradient-to-r from-amber-200 to-amber-100 text-amber-900',
} as const;

export function Badge({
  variant = 'default',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { variant?: keyof typeof VARIANTS }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
        className,
      )}
      {...rest}
    />
  );
}
