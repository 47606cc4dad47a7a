// The list page's segmented buttons: results as a list or on a map, and cards as a grid or a list.
import { LayoutGrid, List, Map as MapIcon } from 'lucide-react';
import { IconTooltip } from '../../../components/ui/icon-tooltip';
import { cn } from '../../../lib/cn';
import type { CardLayout } from './property-card';

function SegmentButton({
  pressed,
  onClick,
  icon: Icon,
  children,
  label,
}: {
  pressed: boolean;
  onClick: () => void;
  icon: typeof List;
  children?: React.ReactNode;
  /** For a button showing only its icon: its name, also shown as a tooltip. */
  label?: string;
}) {
  const button = (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={label}
      onClick={onClick}
      className={cn(
        'inline-flex h-9 items-center justify-center gap-1.5 px-3 text-sm font-medium transition-colors first:rounded-l-md last:rounded-r-md',
        'focus-visible:relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600',
        pressed ? 'bg-primary-700 text-white' : 'bg-white text-slate-800 hover:bg-slate-50',
      )}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {children}
    </button>
  );
  return label ? <IconTooltip label={label}>{button}</IconTooltip> : button;
}

export function MapToggle({ showMap, onChange }: { showMap: boolean; onChange: (showMap: boolean) => void }) {
  return (
    <fieldset className="inline-flex rounded-md shadow-sm ring-1 ring-slate-300">
      <legend className="sr-only">Show results as</legend>
      <SegmentButton pressed={!showMap} onClick={() => onChange(false)} icon={List}>
        List
      </SegmentButton>
      <SegmentButton pressed={showMap} onClick={() => onChange(true)} icon={MapIcon}>
        Map
      </SegmentButton>
    </fieldset>
  );
}

export function LayoutToggle({
  layout,
  onChange,
}: {
  layout: CardLayout;
  onChange: (layout: CardLayout) => void;
}) {
  return (
    // On a phone the grid is one column already: the choice only matters from the sm breakpoint.
    <fieldset className="hidden rounded-md shadow-sm ring-1 ring-slate-300 sm:inline-flex">
      <legend className="sr-only">Card layout</legend>
      <SegmentButton
        pressed={layout === 'grid'}
        onClick={() => onChange('grid')}
        icon={LayoutGrid}
        label="Grid layout"
      />
      <SegmentButton
        pressed={layout === 'list'}
        onClick={() => onChange('list')}
        icon={List}
        label="List layout"
      />
    </fieldset>
  );
}
