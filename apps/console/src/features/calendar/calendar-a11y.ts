/**
 * The calendar's structure for assistive technology and the keyboard. @event-calendar/core marks
 * its view as a table (rows, row groups, column and row headers, cells) and then puts its
 * toolbar, event buttons and "+N more" links inside it, which no table allows (axe's critical
 * aria-required-children). The calendar here is a plain region instead: a heading (the toolbar's
 * title), the toolbar's buttons, and every slot and booking a button whose name says what it is
 * (date, time, lane, customer, status), so no table semantics are needed to understand a block.
 */

/** The table roles the library writes, taken off; any other role (the blocks' buttons) stays. */
const TABLE_ROLES = new Set(['table', 'grid', 'row', 'rowgroup', 'columnheader', 'rowheader', 'cell', 'gridcell']);
/** Attributes only a table's parts may carry: left on a plain element they are an ARIA error of their own. */
const TABLE_ATTRIBUTES = ['aria-colindex', 'aria-colspan', 'aria-rowindex', 'aria-rowspan'];
/** The toolbar's view buttons (the library marks the shown one with a class only). */
const VIEW_BUTTONS = '.ec-toolbar button.ec-timeGridDay, .ec-toolbar button.ec-timeGridWeek, .ec-toolbar button.ec-dayGridMonth';

/** Takes the table semantics off the calendar under `root`, and says which view button is on. Idempotent. */
export function plainCalendar(root: Element): void {
  for (const el of [root, ...root.querySelectorAll('[role], [aria-colindex], [aria-colspan], [aria-rowindex], [aria-rowspan]')]) {
    const role = el.getAttribute('role');
    if (role !== null && TABLE_ROLES.has(role)) el.removeAttribute('role');
    for (const name of TABLE_ATTRIBUTES) if (el.hasAttribute(name)) el.removeAttribute(name);
  }
  for (const button of root.querySelectorAll(VIEW_BUTTONS)) {
    const pressed = String(button.classList.contains('ec-active'));
    if (button.getAttribute('aria-pressed') !== pressed) button.setAttribute('aria-pressed', pressed);
  }
  // The grid scrolls (the day's hours, the lanes' time): the keyboard reaches it even when no
  // block is in it yet (a day with no slots, or before they load), and scrolls it with the arrows.
  for (const scroller of root.querySelectorAll<HTMLElement>('.ec-main')) {
    if (scroller.tabIndex !== 0) scroller.tabIndex = 0;
    if (!scroller.hasAttribute('aria-label')) scroller.setAttribute('aria-label', 'Calendar grid');
  }
}

/**
 * Keeps `root` plain while the library draws (a new view or date draws new elements with its
 * roles again). A MutationObserver's callback runs before the next paint, so nothing is ever
 * shown with them. Returns the function that stops it.
 */
export function keepCalendarPlain(root: Element): () => void {
  plainCalendar(root);
  const observer = new MutationObserver(() => plainCalendar(root));
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['role', 'class', ...TABLE_ATTRIBUTES],
  });
  return () => observer.disconnect();
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type Direction = 'left' | 'right' | 'up' | 'down';

export const ARROW_DIRECTION: Record<string, Direction> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
};

/**
 * The block an arrow key moves to from `boxes[from]`: in the lane view Right is the next booking
 * on the same lane and Down the nearest one on a lane below; in the week view Down is later the
 * same day and Right the next day. A block in line with the current one (overlapping it across
 * the move) wins over the nearest elsewhere; null when there is nothing that way.
 */
export function nextInDirection(boxes: Box[], from: number, direction: Direction): number | null {
  const current = boxes[from];
  if (!current) return null;
  const horizontal = direction === 'left' || direction === 'right';
  const sign = direction === 'right' || direction === 'down' ? 1 : -1;
  const center = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
  const c = center(current);
  const overlapsAcross = (b: Box) =>
    horizontal
      ? b.y < current.y + current.height && current.y < b.y + b.height
      : b.x < current.x + current.width && current.x < b.x + b.width;
  let best: number | null = null;
  let bestScore = Infinity;
  boxes.forEach((box, index) => {
    if (index === from) return;
    const p = center(box);
    const along = sign * (horizontal ? p.x - c.x : p.y - c.y);
    // Blocks side by side at the same time (two bookings of one hour) tie on the axis: DOM order breaks it.
    if (along < 0 || (along === 0 && (sign > 0 ? index < from : index > from))) return;
    const across = Math.abs(horizontal ? p.y - c.y : p.x - c.x);
    const score = (overlapsAcross(box) ? 0 : 1e6) + along + across * 2;
    if (score < bestScore) {
      best = index;
      bestScore = score;
    }
  });
  return best;
}

/** Every block the keyboard reaches under `root` (bookings, slots, free lane time), in the page's order. */
export const focusableBlocks = (root: Element): HTMLElement[] => [
  ...root.querySelectorAll<HTMLElement>('.ec-event[tabindex="0"], .ec-bg-event[tabindex="0"]'),
];

/**
 * Arrow keys, Home and End between the blocks of the calendar (Tab reaches each one too; Enter or
 * Space opens it). Returns true when it moved the focus.
 */
export function moveBetweenBlocks(root: Element, target: Element, key: string): boolean {
  const blocks = focusableBlocks(root);
  const from = blocks.indexOf(target as HTMLElement);
  if (from < 0) return false;
  const boxes = blocks.map((el) => el.getBoundingClientRect());
  let to: number | null = null;
  if (key === 'Home' || key === 'End') {
    const order = boxes.map((box, index) => ({ box, index })).sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
    to = (key === 'Home' ? order[0] : order.at(-1))?.index ?? null;
  } else if (ARROW_DIRECTION[key]) {
    to = nextInDirection(boxes, from, ARROW_DIRECTION[key]);
  }
  if (to === null || to === from) return false;
  blocks[to]!.focus();
  return true;
}

/**
 * What a block of the calendar shows and is called: `label` is its accessible name, `lines` what
 * it shows under its time. A block with a `lead` (the lane view's booking: its customer) shows
 * the lead first, then its `marks`, then its lines, its time last: the name gets the room.
 * `hint` is what hovering or focusing it shows in full.
 */
export interface BlockText {
  label: string;
  lines?: string[];
  lead?: string;
  marks?: { kind: string; text: string }[];
  hint?: string;
}

const isBlockText = (value: unknown): value is BlockText =>
  typeof value === 'object' && value !== null && typeof (value as BlockText).label === 'string';

/**
 * A block's content for the calendar's eventContent: its name for assistive technology (one
 * sentence, visually hidden) and its lines on screen (hidden from assistive technology, which
 * hears the sentence). Text nodes only: names and products are user text. Undefined for a block
 * without text (the library draws its default).
 */
export function blockContent(text: unknown, timeText: string): { domNodes: Node[] } | undefined {
  if (!isBlockText(text)) return undefined;
  const name = document.createElement('span');
  name.className = 'lanebook-sr-only';
  name.textContent = text.label;
  if (!text.lines) return { domNodes: [name] };
  const shown = document.createElement('span');
  shown.setAttribute('aria-hidden', 'true');
  shown.className = 'lanebook-block-lines';
  if (text.hint) shown.dataset.hint = text.hint;
  const add = (tag: string, className: string, content: string) => {
    if (!content) return;
    const el = document.createElement(tag);
    el.className = className;
    el.textContent = content;
    shown.append(el);
  };
  if (text.lead === undefined) add('time', 'ec-event-time', timeText);
  else add('span', 'ec-event-title lanebook-block-lead', text.lead);
  for (const mark of text.marks ?? []) add('span', `lanebook-mark lanebook-mark-${mark.kind}`, mark.text);
  for (const line of text.lines) add('span', 'ec-event-title', line);
  if (text.lead !== undefined) add('time', 'ec-event-time', timeText);
  return { domNodes: [name, shown] };
}
