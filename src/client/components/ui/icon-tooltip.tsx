// Tooltips on icon-only controls (issue 17; doc 1 §9: open delay 700 ms, skip delay 300 ms). The control keeps its
// own accessible name (aria-label); the tooltip shows sighted people what the icon does, on hover after the delay
// (at once if another closed within the skip window) and at once on keyboard focus, and describes the control
// while it shows (aria-describedby). Escape, leaving, pressing or blurring closes it.
//
// Our own small component rather than Radix Tooltip, which with its positioning engine added ~21 KB gzipped to
// every page's first load (decision 0033). Nothing of it is in the server's HTML: the bubble exists only while
// open, in a portal, so server-rendered pages hydrate cleanly.
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '../../../domain/constants';

type Side = 'top' | 'right' | 'bottom' | 'left';

/** When a tooltip last closed: another opening within the skip window opens at once, as across a toolbar. */
let lastClosedAt = 0;

const GAP = 6;
const EDGE = 8;

/** Focus opens the tooltip only when the browser shows a focus ring (a Tab, not a click or a dialog's return). */
function focusVisible(element: HTMLElement): boolean {
  try {
    return element.matches(':focus-visible');
  } catch {
    return true;
  }
}

/** Where the bubble goes: on `side` of the anchor if it fits, else the opposite side; kept inside the viewport. */
function place(anchor: DOMRect, bubble: { width: number; height: number }, side: Side) {
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  const fits = {
    top: anchor.top - GAP - bubble.height >= EDGE,
    bottom: anchor.bottom + GAP + bubble.height <= vh - EDGE,
    left: anchor.left - GAP - bubble.width >= EDGE,
    right: anchor.right + GAP + bubble.width <= vw - EDGE,
  };
  const opposite: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' };
  const chosen = fits[side] || !fits[opposite[side]] ? side : opposite[side];
  let top: number;
  let left: number;
  if (chosen === 'top' || chosen === 'bottom') {
    top = chosen === 'top' ? anchor.top - GAP - bubble.height : anchor.bottom + GAP;
    left = anchor.left + anchor.width / 2 - bubble.width / 2;
  } else {
    left = chosen === 'left' ? anchor.left - GAP - bubble.width : anchor.right + GAP;
    top = anchor.top + anchor.height / 2 - bubble.height / 2;
  }
  const clamp = (value: number, size: number, max: number) =>
    Math.min(Math.max(value, EDGE), max - size - EDGE);
  return { top: clamp(top, bubble.height, vh), left: clamp(left, bubble.width, vw) };
}

function Bubble({ id, label, anchor, side }: { id: string; label: string; anchor: HTMLElement; side: Side }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  useLayoutEffect(() => {
    const bubble = ref.current;
    if (bubble) setPosition(place(anchor.getBoundingClientRect(), bubble.getBoundingClientRect(), side));
  }, [anchor, side]);
  return (
    <div
      ref={ref}
      id={id}
      role="tooltip"
      style={position ?? { top: 0, left: 0, visibility: 'hidden' }}
      className="pointer-events-none fixed z-[110] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md"
    >
      {label}
    </div>
  );
}

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * Wraps one icon-only control (a button, or a Radix trigger that passes props on) in a tooltip. `label` is the
 * text shown; the control's aria-label stays its accessible name (they may differ: "Save property" beside the
 * name "Save Flat in Leeds").
 */
export function IconTooltip({
  label,
  side = 'top',
  children,
}: {
  label: string;
  side?: Side;
  children: ReactElement<TriggerProps>;
}) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const show = useCallback((element: HTMLElement) => {
    clearTimeout(timer.current);
    open.current = true;
    setAnchor(element);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    if (open.current) lastClosedAt = Date.now();
    open.current = false;
    setAnchor(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => {
    if (!anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey);
    window.addEventListener('scroll', hide, true);
    return () => {
      document.removeEventListener('keydown', onKey);
      window.removeEventListener('scroll', hide, true);
    };
  }, [anchor, hide]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': anchor ? id : own['aria-describedby'],
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      if (event.pointerType === 'touch') return;
      const element = event.currentTarget;
      clearTimeout(timer.current);
      if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS) show(element);
      else timer.current = setTimeout(() => show(element), TOOLTIP_OPEN_DELAY_MS);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      hide();
    },
    onPointerDown: (event) => {
      own.onPointerDown?.(event);
      hide();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      if (focusVisible(event.currentTarget)) show(event.currentTarget);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      hide();
    },
  });
  return (
    <>
      {trigger}
      {anchor
        ? createPortal(<Bubble id={id} label={label} anchor={anchor} side={side} />, document.body)
        : null}
    </>
  );
}
