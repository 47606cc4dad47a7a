import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, type InputHTMLAttributes, useState } from 'react';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';

/** A password field with a show/hide toggle (typing a password on a phone is error-prone). */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>
>(function PasswordInput({ className, ...rest }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pr-11', className)} {...rest} />
      <IconTooltip label={visible ? 'Hide password' : 'Show password'}>
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-primary-600"
        >
          {visible ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
        </button>
      </IconTooltip>
    </div>
  );
});
