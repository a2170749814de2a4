import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { driver, type Config, type Driver, type PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { NAMED_ROUTES } from '../../lib/route-names';
import { useSession } from '../../lib/session';
import { venueSetupQuery } from '../../lib/venue-setup';
import { stepLabel } from './machine';
import { placeAwayFrom } from './placement';
import { dispatchTour } from './store';
import { SETUP_STEP_ITEMS, TOUR_STEPS, type TourStep } from './steps';

/** How long a step waits for its target before showing in the middle of the page anyway. */
const TARGET_WAIT_MS = 10_000;

const isAction = (step: TourStep) => step.advanceOn !== 'next' && step.advanceOn !== 'click';
/** A step the owner works in: the page stays usable (tour.css), the target is outlined. */
const isFree = (step: TourStep) => isAction(step) || Boolean(step.interactive);

function baseConfig(free: boolean): Config {
  return {
    animate: false,
    allowClose: false,
    allowKeyboardControl: false,
    overlayClickBehavior: () => undefined,
    overlayOpacity: free ? 0 : 0.55,
    stagePadding: 6,
    stageRadius: 6,
    popoverClass: 'lb-tour',
    showButtons: [],
    showProgress: true,
  };
}

function button(label: string, primary: boolean, onClick: () => void): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'driver-popover-footer-btn';
  element.textContent = label;
  if (primary) element.style.fontWeight = '600';
  element.addEventListener('click', onClick);
  return element;
}

/** The popover's text and buttons, written as text (never HTML): title, text, "N of 34", Next or Finish, Stop. */
function renderPopover(popover: PopoverDOM, step: TourStep, index: number) {
  popover.title.textContent = step.title;
  popover.title.style.display = 'block';
  popover.description.textContent = step.text;
  popover.description.style.display = 'block';
  popover.progress.textContent = stepLabel(index, TOUR_STEPS.length);
  popover.progress.style.display = 'block';
  popover.footer.style.display = 'flex';
  popover.footerButtons.replaceChildren();
  popover.footerButtons.append(button('Stop', false, () => dispatchTour({ type: 'stop' })));
  const last = index === TOUR_STEPS.length - 1;
  if (step.advanceOn === 'next' || step.optional) {
    popover.footerButtons.append(button(last ? 'Finish' : 'Next', true, () => dispatchTour({ type: last ? 'finish' : 'next' })));
  }
}

function visible(element: Element) {
  return element.getClientRects().length > 0;
}

/**
 * Shows the tour's current step with driver.js (decision 033): opens the step's route, waits for
 * its target, points at it, and moves on with Next, a click on the target, or the awaited action
 * (the store hears it from lib/tour-events.ts). Loaded on demand by TourHost.
 */
export default function TourRunner({ index }: { index: number }) {
  const step = TOUR_STEPS[index];
  const path = NAMED_ROUTES[step.route];
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const driverRef = useRef<Driver | null>(null);
  const elsewhere = step.alsoOn?.some((prefix) => pathname.startsWith(prefix)) ?? false;
  const atStepPage = pathname === path && !elsewhere;

  // A setup step moves on once its checklist item is done, read again while the step waits
  // (card payments are verified on the provider's page); an item done before is skipped.
  const setupItem = step.advanceOn in SETUP_STEP_ITEMS ? SETUP_STEP_ITEMS[step.advanceOn as keyof typeof SETUP_STEP_ITEMS] : null;
  const setup = useQuery({
    ...venueSetupQuery(useSession().venueId),
    enabled: setupItem !== null,
    refetchInterval: setupItem ? 2000 : false,
  });
  const setupDone = setupItem
    ? setupItem === 'live'
      ? setup.data !== undefined && setup.data.status !== 'inactive'
      : (setup.data?.items.some((item) => item.key === setupItem && item.done) ?? false)
    : false;
  useEffect(() => {
    if (setupDone) dispatchTour({ type: 'action', action: step.advanceOn as keyof typeof SETUP_STEP_ITEMS });
  }, [setupDone, step.advanceOn]);

  useEffect(() => {
    const tour = driver(baseConfig(false));
    driverRef.current = tour;
    return () => {
      tour.destroy();
      driverRef.current = null;
      document.body.classList.remove('lb-tour-free');
    };
  }, []);

  // Be on the step's page. After the next macrotask: a save that moved the tour on first finishes
  // its own navigation (and marks its form saved, so no "Discard changes?" question).
  useEffect(() => {
    if (pathname === path || elsewhere) return;
    const timer = window.setTimeout(() => navigate(path), 0);
    return () => window.clearTimeout(timer);
  }, [pathname, path, elsewhere, navigate]);

  // Point at the target once it is there, again when the page replaces it.
  useEffect(() => {
    const tour = driverRef.current;
    if (!tour) return;
    // On another page of the step's work (alsoOn) the guide stays out of the way until the owner is back.
    if (!atStepPage) {
      tour.destroy();
      document.body.classList.remove('lb-tour-free', 'driver-active');
      return;
    }
    const free = isFree(step);
    let shown: Element | null | undefined;
    let frame = 0;
    // The popover never covers what the step asks for: placed beside its target after driver.js has placed it.
    let placing = 0;
    const place = () => {
      if (placing) return;
      placing = window.requestAnimationFrame(() => {
        placing = 0;
        const popover = document.querySelector<HTMLElement>('.driver-popover');
        if (popover) placeAwayFrom(popover, shown ?? null);
      });
    };
    const show = (element: Element | null) => {
      if (shown) resized.unobserve(shown);
      if (element) resized.observe(element);
      shown = element;
      tour.setConfig(baseConfig(free));
      tour.highlight({
        element: element ?? undefined,
        popover: { side: 'bottom', align: 'start', onPopoverRender: (popover) => renderPopover(popover, step, index) },
      });
      place();
      // A step the owner works in needs the page's clicks (driver.js blocks them under body.driver-active).
      document.body.classList.toggle('lb-tour-free', free);
      document.body.classList.toggle('driver-active', !free);
    };
    const check = () => {
      frame = 0;
      const element = document.querySelector(step.target);
      if (element && visible(element)) {
        if (element !== shown) show(element);
        else tour.refresh();
        place();
      }
    };
    const later = () => {
      if (!frame) frame = window.requestAnimationFrame(check);
    };
    const observer = new MutationObserver(later);
    observer.observe(document.body, { childList: true, subtree: true });
    // A layout that changes without new elements (a phone's width taking effect, a banner
    // wrapping) moves the target: the popover follows it rather than stay where it was.
    const resized = new ResizeObserver(later);
    resized.observe(document.body);
    check();
    const fallback = window.setTimeout(() => {
      if (shown === undefined) show(null);
    }, TARGET_WAIT_MS);

    // A click step moves on when its target is pressed; the click itself goes on (it opens the form).
    const onClick = (event: MouseEvent) => {
      if (step.advanceOn !== 'click') return;
      const target = document.querySelector(step.target);
      if (target && event.target instanceof Node && target.contains(event.target)) {
        window.setTimeout(() => dispatchTour({ type: 'next' }), 0);
      }
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
      if (placing) window.cancelAnimationFrame(placing);
      document.body.classList.remove('lb-tour-room');
      observer.disconnect();
      resized.disconnect();
      window.clearTimeout(fallback);
      if (frame) window.cancelAnimationFrame(frame);
      document.removeEventListener('click', onClick, true);
    };
  }, [step, index, atStepPage]);

  return null;
}
