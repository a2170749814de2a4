import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { driver, type Config, type Driver, type PopoverDOM } from 'driver.js';
import 'driver.js/dist/driver.css';
import './tour.css';
import { routeByName } from '../../app/route-table';
import { stepLabel } from './machine';
import { dispatchTour } from './store';
import { TOUR_STEPS, type TourStep } from './steps';

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

/** The popover's text and buttons, written as text (never HTML): title, text, "N of 31", Next or Finish, Stop. */
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
  const path = routeByName(step.route)?.path ?? '/dashboard';
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const driverRef = useRef<Driver | null>(null);

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
    if (pathname === path) return;
    const timer = window.setTimeout(() => navigate(path), 0);
    return () => window.clearTimeout(timer);
  }, [pathname, path, navigate]);

  // Point at the target once it is there, again when the page replaces it.
  useEffect(() => {
    const tour = driverRef.current;
    if (!tour || pathname !== path) return;
    const free = isFree(step);
    let shown: Element | null | undefined;
    let frame = 0;
    const show = (element: Element | null) => {
      shown = element;
      tour.setConfig(baseConfig(free));
      tour.highlight({
        element: element ?? undefined,
        popover: { side: 'bottom', align: 'start', onPopoverRender: (popover) => renderPopover(popover, step, index) },
      });
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
      }
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = window.requestAnimationFrame(check);
    });
    observer.observe(document.body, { childList: true, subtree: true });
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
    return () => {
      observer.disconnect();
      window.clearTimeout(fallback);
      if (frame) window.cancelAnimationFrame(frame);
      document.removeEventListener('click', onClick, true);
    };
  }, [step, index, path, pathname]);

  return null;
}
