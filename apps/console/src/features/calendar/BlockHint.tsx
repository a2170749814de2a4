import { useState, type ReactNode } from 'react';

/** Room kept between the hint and the screen's edges, in pixels. */
const EDGE = 8;
/** The hint's widest; a longer text wraps. */
const MAX_WIDTH = 320;

interface Shown {
  text: string;
  left: number;
  top?: number;
  bottom?: number;
}

/**
 * What a block under the pointer or the keyboard's focus says in full (its content's data-hint:
 * the customer's whole name and the rest), drawn below the block, or above it near the screen's
 * foot. Fixed to the screen, so the calendar's scrolling rows never clip it; the browser's own
 * title tooltip shows only on hover, late, and never on focus.
 */
export function BlockHint({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);

  const show = (target: EventTarget | null) => {
    const block = target instanceof Element ? target.closest('.ec-event') : null;
    const text = block?.querySelector<HTMLElement>('[data-hint]')?.dataset.hint;
    if (!block || !text) {
      setShown(null);
      return;
    }
    const box = block.getBoundingClientRect();
    const left = Math.max(EDGE, Math.min(box.left, window.innerWidth - MAX_WIDTH - EDGE));
    const below = box.bottom + 4 + 48 < window.innerHeight;
    const next = below ? { text, left, top: box.bottom + 4 } : { text, left, bottom: window.innerHeight - box.top + 4 };
    setShown((previous) =>
      previous && previous.text === next.text && previous.left === next.left && previous.top === next.top && previous.bottom === next.bottom
        ? previous
        : next,
    );
  };

  return (
    <div
      onPointerOver={(event) => show(event.target)}
      onPointerLeave={() => setShown(null)}
      onFocus={(event) => show(event.target)}
      onBlur={() => setShown(null)}
      onScrollCapture={() => setShown(null)}
    >
      {children}
      {shown ? (
        <div
          role="tooltip"
          data-testid="block-hint"
          className="lanebook-block-hint"
          style={{ left: shown.left, top: shown.top, bottom: shown.bottom, maxWidth: `min(${MAX_WIDTH}px, calc(100vw - ${2 * EDGE}px))` }}
        >
          {shown.text}
        </div>
      ) : null}
    </div>
  );
}
