import { PoundSterling } from 'lucide-react';
import { Input } from '../../../../components/ui/input';

/** A pounds-and-pence input with a £ sign in front. */
export function PoundsInput(props: React.ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <PoundSterling
        className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
        aria-hidden
      />
      <Input {...props} type="number" min={0} step={0.01} inputMode="decimal" className="pl-8" />
    </div>
  );
}
