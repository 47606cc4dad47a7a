// Tooltips on icon-only controls (issue 17; doc 1 §9: open delay 700 ms, skip delay 300 ms). The control keeps its
// own accessible name (aria-label); the tooltip shows sighted people what the icon does, on hover after the delay
// and at once on keyboard focus. Nothing of it is in the server's HTML but the trigger's data-state, which the
// browser's first render draws the same, so server-rendered pages hydrate cleanly.
import * as TooltipPrimitive from '@radix-ui/react-tooltip';
import type { FocusEvent, ReactElement, ReactNode } from 'react';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../domain/constants';

/** The one provider, around the whole app (app.tsx), so every tooltip shares the timings and the skip window. */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipPrimitive.Provider
      delayDuration={TOOLTIP_OPEN_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </TooltipPrimitive.Provider>
  );
}

/**
 * Focus opens the tooltip only when the browser would show a focus ring: a Tab onto the control, not the
 * focus a dialog moves to its close button after a click, nor the focus that returns to a trigger.
 */
function openOnKeyboardFocusOnly(event: FocusEvent<HTMLElement>) {
  let visible = true;
  try {
    visible = event.currentTarget.matches(':focus-visible');
  } catch {
    // A browser without :focus-visible: open on every focus, as Radix does.
  }
  if (!visible) event.preventDefault(); // Radix skips its own handler for a prevented event.
}

/**
 * Wraps one icon-only control (a button or a Radix trigger that forwards props and its ref) in a tooltip.
 * `label` is the text shown; the control's aria-label stays its accessible name (they may differ: "Save
 * property" beside the name "Save Flat in Leeds").
 */
export function IconTooltip({
  label,
  side = 'top',
  children,
}: {
  label: string;
  side?: 'top' | 'right' | 'bottom' | 'left';
  children: ReactElement;
}) {
  return (
    <TooltipPrimitive.Root>
      <TooltipPrimitive.Trigger asChild onFocus={openOnKeyboardFocusOnly}>
        {children}
      </TooltipPrimitive.Trigger>
      <TooltipPrimitive.Portal>
        <TooltipPrimitive.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          className="z-[110] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
        >
          {label}
          <TooltipPrimitive.Arrow className="fill-slate-900" width={10} height={5} />
        </TooltipPrimitive.Content>
      </TooltipPrimitive.Portal>
    </TooltipPrimitive.Root>
  );
}
