import { describe, expect, it } from 'vitest';
import { stepLabel, tourTransition, type StepRule, type TourEvent, type TourState } from './machine';
import { TOUR_STEPS } from './steps';
import { NAMED_ROUTES } from '../../lib/route-names';

const steps: StepRule[] = [
  { advanceOn: 'next' },
  { advanceOn: 'click' },
  { advanceOn: 'tax.created' },
  { advanceOn: 'upsellItem.created', optional: true },
  { advanceOn: 'click' },
  { advanceOn: 'lane.created', resumeFromPrevious: true },
  { advanceOn: 'next' },
];

const at = (currentStep: number, running = true): TourState => ({ progress: { currentStep, isFinished: false }, running });
const run = (state: TourState, ...events: TourEvent[]) => events.reduce((s, e) => tourTransition(s, e, steps), state);

describe('the tour step machine', () => {
  it('starts a tour not started at the first step', () => {
    expect(run(at(-1, false), { type: 'start' })).toEqual(at(0));
  });

  it('resumes at the stored step, or at the step that opens a stored dialog step', () => {
    expect(run(at(2, false), { type: 'start' })).toEqual(at(2));
    expect(run(at(5, false), { type: 'start' })).toEqual(at(4));
  });

  it('moves on with Next on a Next step, and with a click on a click step', () => {
    expect(run(at(0), { type: 'next' })).toEqual(at(1));
    expect(run(at(1), { type: 'next' })).toEqual(at(2));
  });

  it('does not move on with Next while a step waits for an action, unless the step is optional', () => {
    expect(run(at(2), { type: 'next' })).toEqual(at(2));
    expect(run(at(3), { type: 'next' })).toEqual(at(4));
  });

  it('moves on when the awaited action is done, and only that action', () => {
    expect(run(at(2), { type: 'action', action: 'lane.created' })).toEqual(at(2));
    expect(run(at(2), { type: 'action', action: 'tax.created' })).toEqual(at(3));
    expect(run(at(3), { type: 'action', action: 'upsellItem.created' })).toEqual(at(4));
  });

  it('ignores actions and Next while the guide is stopped', () => {
    expect(run(at(2, false), { type: 'action', action: 'tax.created' })).toEqual(at(2, false));
    expect(run(at(0, false), { type: 'next' })).toEqual(at(0, false));
  });

  it('stopping keeps a Next or click step, and skips a step waiting for an action', () => {
    expect(run(at(0), { type: 'stop' })).toEqual(at(0, false));
    expect(run(at(1), { type: 'stop' })).toEqual(at(1, false));
    expect(run(at(2), { type: 'stop' })).toEqual(at(3, false));
    expect(run(at(5), { type: 'stop' })).toEqual(at(6, false));
  });

  it('finishes after the last step: isFinished true, currentStep -1', () => {
    const finished = { progress: { currentStep: -1, isFinished: true }, running: false };
    expect(run(at(6), { type: 'next' })).toEqual(finished);
    expect(run(at(3), { type: 'finish' })).toEqual(finished);
    // A finished tour stays finished, whatever comes.
    expect(run(finished, { type: 'start' }, { type: 'next' }, { type: 'action', action: 'tax.created' })).toEqual(finished);
  });

  it('walks the whole way with Next, clicks and actions', () => {
    const done = run(
      at(-1, false),
      { type: 'start' },
      { type: 'next' },
      { type: 'next' },
      { type: 'action', action: 'tax.created' },
      { type: 'next' },
      { type: 'next' },
      { type: 'action', action: 'lane.created' },
      { type: 'next' },
    );
    expect(done.progress).toEqual({ currentStep: -1, isFinished: true });
  });

  it('says N of the total', () => {
    expect(stepLabel(0, 31)).toBe('1 of 31');
    expect(stepLabel(30, 31)).toBe('31 of 31');
  });
});

describe('the 34 steps', () => {
  it('are 34, each on a named route with a target, a title and a text', () => {
    expect(TOUR_STEPS).toHaveLength(34);
    for (const step of TOUR_STEPS) {
      expect(NAMED_ROUTES[step.route], step.route).toBeDefined();
      expect(step.target).not.toBe('');
      expect(step.title).not.toBe('');
      expect(step.text.length).toBeGreaterThan(10);
    }
  });

  it('use the spec’s route names', () => {
    const names = new Set<string>(TOUR_STEPS.map((step) => step.route));
    for (const name of ['Dashboard', 'Settings', 'Terms', 'CreateTerms', 'Taxes', 'CreateTax', 'UpsellItems', 'CreateUpsellItem']) {
      expect(names.has(name), name).toBe(true);
    }
    for (const name of ['Waivers', 'CreateWaiver', 'Resources', 'Products', 'CreateProduct', 'Calendar']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('wait for each action that leaves a sellable product, and the last step ends with Next', () => {
    const actions = TOUR_STEPS.map((step) => step.advanceOn);
    for (const action of [
      'terms.created',
      'tax.created',
      'waiver.created',
      'lane.created',
      'product.created',
      'calendar.populated',
    ] as const) {
      expect(actions, action).toContain(action);
    }
    expect(TOUR_STEPS[TOUR_STEPS.length - 1].advanceOn).toBe('next');
    // "You are ready" only once the venue can take a booking: the checklist's remaining items come just before it.
    expect(actions.slice(-4, -1)).toEqual(['setup.details', 'setup.payments', 'setup.live']);
    // A step resumed from the previous one follows a step that opens its dialog.
    TOUR_STEPS.forEach((step, index) => {
      if (step.resumeFromPrevious) expect(TOUR_STEPS[index - 1].advanceOn).toBe('click');
    });
  });
});
