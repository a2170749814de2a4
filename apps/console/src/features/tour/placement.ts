/**
 * Where the guide's popover goes (docs/decisions/033-the-guided-tour.md): never over the element
 * the step asks the owner to use. driver.js places it first; this moves it beside the target
 * (below, above, right, left: the first side with room) in the viewport. A target too big for
 * any side makes room: a dialog moves down under the popover; a page target is scrolled so the
 * popover fits above it.
 */

const MARGIN = 8;
const GAP = 12;
/** driver.js's stagePadding: the outline around the target belongs to it. */
const STAGE = 6;

interface Box {
  top: number;
  left: number;
  right: number;
  bottom: number;
}

const clamp = (value: number, min: number, max: number) => Math.max(min, Math.min(value, Math.max(min, max)));

/** The first side of `target` where a popover of this size fits in the viewport, or null. */
export function sideWithRoom(
  target: Box,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
): { top: number; left: number } | null {
  const { width, height } = size;
  const t = { top: target.top - STAGE, left: target.left - STAGE, right: target.right + STAGE, bottom: target.bottom + STAGE };
  const left = clamp(t.left, MARGIN, viewport.width - width - MARGIN);
  const top = clamp(t.top, MARGIN, viewport.height - height - MARGIN);
  const candidates = [
    { top: t.bottom + GAP, left, fits: t.bottom + GAP + height <= viewport.height - MARGIN },
    { top: t.top - GAP - height, left, fits: t.top - GAP - height >= MARGIN },
    { top, left: t.right + GAP, fits: t.right + GAP + width <= viewport.width - MARGIN },
    { top, left: t.left - GAP - width, fits: t.left - GAP - width >= MARGIN },
  ];
  const found = candidates.find((candidate) => candidate.fits);
  return found ? { top: found.top, left: found.left } : null;
}

function moveTo(popover: HTMLElement, position: { top: number; left: number }) {
  popover.style.position = 'fixed';
  popover.style.top = `${Math.round(position.top)}px`;
  popover.style.left = `${Math.round(position.left)}px`;
  popover.style.right = 'auto';
  popover.style.bottom = 'auto';
  popover.classList.add('lb-tour-placed');
}

export function placeAwayFrom(popover: HTMLElement, target: Element | null) {
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  const size = { width: popover.offsetWidth, height: popover.offsetHeight };
  if (!target) {
    moveTo(popover, { top: (viewport.height - size.height) / 2, left: (viewport.width - size.width) / 2 });
    return;
  }
  const found = sideWithRoom(target.getBoundingClientRect(), size, viewport);
  if (found) {
    moveTo(popover, found);
    return;
  }
  const room = size.height + GAP + STAGE + MARGIN;
  if (target.closest('.mantine-Modal-content')) {
    // A dialog is fixed to the viewport: it moves down (and scrolls inside) under the popover.
    document.body.style.setProperty('--lb-tour-room', `${room}px`);
    if (!document.body.classList.contains('lb-tour-room')) {
      document.body.classList.add('lb-tour-room');
      window.requestAnimationFrame(() => placeAwayFrom(popover, target));
      return;
    }
  } else {
    const top = target.getBoundingClientRect().top;
    // Scroll the page so the target starts below the popover's height, where the page allows.
    if (Math.abs(top - room) > 1 && window.scrollY + (top - room) >= 0) {
      window.scrollBy({ top: top - room, behavior: 'instant' });
    }
  }
  const box = target.getBoundingClientRect();
  moveTo(popover, {
    top: clamp(box.top - STAGE - GAP - size.height, MARGIN, viewport.height - size.height - MARGIN),
    left: clamp(box.left, MARGIN, viewport.width - size.width - MARGIN),
  });
}
