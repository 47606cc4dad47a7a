// The save heart on a card and the Save Property button on the detail page (doc 1 §4 "Save property").
import { Heart } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { cn } from '../../../lib/cn';
import { useSaveProperty } from '../api';

export function SaveHeartButton({
  propertyId,
  title,
  saved: initiallySaved,
  signedIn,
  className,
}: {
  propertyId: string;
  title: string;
  saved: boolean;
  signedIn: boolean;
  className?: string;
}) {
  const { state, saved, toggle } = useSaveProperty({ propertyId, initiallySaved: initiallySaved, signedIn });
  const pending = state === 'pending';
  return (
    <IconTooltip label={saved ? 'Remove from saved' : 'Save property'}>
      <button
        type="button"
        onClick={toggle}
        disabled={pending}
        aria-pressed={saved}
        aria-busy={pending || undefined}
        aria-label={saved ? `Remove ${title} from saved properties` : `Save ${title}`}
        data-state={state}
        className={cn(
          'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/95 text-slate-700 shadow-md transition-colors',
          'hover:text-red-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
          'disabled:cursor-wait disabled:opacity-70',
          className,
        )}
      >
        <Heart
          className={cn('h-5 w-5', saved && 'fill-red-600 text-red-600', pending && 'animate-pulse')}
          aria-hidden
        />
      </button>
    </IconTooltip>
  );
}

/** Detail page: idle → pending → 'Saved' (disabled), as the spec describes. */
export function SavePropertyButton({
  propertyId,
  saved: initiallySaved,
  signedIn,
}: {
  propertyId: string;
  saved: boolean;
  signedIn: boolean;
}) {
  const { state, saved, toggle } = useSaveProperty({
    propertyId,
    initiallySaved,
    signedIn,
    allowUnsave: false,
  });
  return (
    <Button
      variant={saved ? 'secondary' : 'outline'}
      onClick={toggle}
      busy={state === 'pending'}
      disabled={saved}
      data-state={state}
      className="flex-1 whitespace-nowrap sm:flex-none"
    >
      <Heart className={cn('h-4 w-4', saved && 'fill-red-600 text-red-600')} aria-hidden />
      {saved ? 'Saved' : 'Save Property'}
    </Button>
  );
}
