import type { RouteName } from '../../lib/route-names';
import type { TourAction } from '../../lib/tour-events';

/**
 * The 34 steps of the guided tour (docs/decisions/033-the-guided-tour.md), as data: the runner
 * (TourRunner.tsx) opens each step's route, waits for its target and shows the text. Following it
 * to the end leaves a venue that takes bookings: terms, a tax, a waiver, a lane, a product using
 * them, active, with a populated calendar, the widget's snippet, and then the setup checklist's
 * remaining items (address and phone, how customers pay, going live), each skipped once done.
 *
 * advanceOn: 'next' moves on with the Next button; 'click' when the owner presses the target;
 * an action when the console did it (lib/tour-events.ts). An `optional` action step also offers Next.
 */
export type StepAdvance = 'next' | 'click' | TourAction;

export interface TourStep {
  /** The named route the step opens (lib/route-names.ts). */
  route: RouteName;
  /** CSS selector of the element the step points at. */
  target: string;
  title: string;
  text: string;
  advanceOn: StepAdvance;
  optional?: boolean;
  /** A Next step whose target is a part of a form to fill in: the page stays usable around it (its menus open in portals). */
  interactive?: boolean;
  /** The target is in a dialog the previous step opens: a resumed tour starts at that step. */
  resumeFromPrevious?: boolean;
  /** Other pages (path prefixes) where the step's work is done: the guide waits there instead of coming back. */
  alsoOn?: string[];
}

/** The setup steps' actions: the runner sends them once the checklist item is done (or was done before). */
export const SETUP_STEP_ITEMS = { 'setup.details': 'details', 'setup.payments': 'payments', 'setup.live': 'live' } as const;

export const TOUR_STEPS: readonly TourStep[] = [
  {
    route: 'Dashboard',
    target: '[data-tour="page-header"]',
    title: 'Welcome to Lanebook',
    text: 'This guide sets up what a customer needs to book you online: terms, a tax, a waiver, a lane, a product and its calendar, and ends at the snippet for your web site. Stop whenever you like: Resume guide in the header brings you back to the same step.',
    advanceOn: 'next',
  },
  {
    route: 'Dashboard',
    target: '[data-tour="main-menu"]',
    title: 'The menu',
    text: 'Daily work lives here: bookings, the calendar, lanes, products, waivers and your team. Settings holds what your products are made of.',
    advanceOn: 'next',
  },
  {
    route: 'Settings',
    target: '[data-tour="page-header"]',
    title: 'Settings',
    text: 'Your venue, the widget, taxes, terms, extras and mail. A product picks its taxes, terms and extras from these lists, so we fill them first.',
    advanceOn: 'next',
  },
  {
    route: 'Terms',
    target: '[data-tour="page-header"]',
    title: 'Terms & Conditions',
    text: 'What customers accept before they pay: cancellation, safety, age limits. Each product shows one set of terms in the widget.',
    advanceOn: 'next',
  },
  {
    route: 'Terms',
    target: '[data-tour="page-actions"]',
    title: 'Create your terms',
    text: 'Press Create.',
    advanceOn: 'click',
  },
  {
    route: 'CreateTerms',
    target: '[data-tour="record-form"]',
    title: 'Write your terms',
    text: 'Give them a title and the text customers read, then Save. The guide moves on once they are saved.',
    advanceOn: 'terms.created',
  },
  {
    route: 'Taxes',
    target: '[data-tour="page-header"]',
    title: 'Taxes',
    text: 'Sales taxes added to a booking’s price. A product lists the taxes it charges.',
    advanceOn: 'next',
  },
  {
    route: 'Taxes',
    target: '[data-tour="page-actions"]',
    title: 'Create a tax',
    text: 'Press Create.',
    advanceOn: 'click',
  },
  {
    route: 'CreateTax',
    target: '[data-tour="record-form"]',
    title: 'Name it and set its rate',
    text: 'For example “Sales tax”, 8.875 %. Save it and the guide moves on.',
    advanceOn: 'tax.created',
  },
  {
    route: 'UpsellItems',
    target: '[data-tour="page-header"]',
    title: 'Upsell merchandise',
    text: 'Extras a customer can add while booking: drinks, gloves, a private lane upgrade. A product offers the ones you choose.',
    advanceOn: 'next',
  },
  {
    route: 'CreateUpsellItem',
    target: '[data-tour="record-form"]',
    title: 'Add an extra (optional)',
    text: 'Save one now, or press Next to skip it: extras can come later.',
    advanceOn: 'upsellItem.created',
    optional: true,
  },
  {
    route: 'Waivers',
    target: '[data-tour="page-header"]',
    title: 'Waivers',
    text: 'What each player signs before playing. A product asks for one waiver; signed copies are kept with the booking.',
    advanceOn: 'next',
  },
  {
    route: 'Waivers',
    target: '[data-tour="page-actions"]',
    title: 'Create a waiver',
    text: 'Press Create waiver.',
    advanceOn: 'click',
  },
  {
    route: 'CreateWaiver',
    target: '[data-tour="record-form"]',
    title: 'Write your waiver',
    text: 'A title and the text players agree to, then Save. The guide moves on once it is saved.',
    advanceOn: 'waiver.created',
  },
  {
    route: 'Resources',
    target: '[data-tour="page-header"]',
    title: 'Lanes',
    text: 'Each lane (or target, or bay) is booked on its own. Products run on the lanes you give them, and the calendar counts the free ones.',
    advanceOn: 'next',
  },
  {
    route: 'Resources',
    target: '[data-tour="page-actions"]',
    title: 'Add a lane',
    text: 'Press Create.',
    advanceOn: 'click',
  },
  {
    route: 'Resources',
    target: '[data-tour="record-form"]',
    title: 'Name the lane',
    text: 'For example “Lane 1”, then Save. Add more lanes the same way later.',
    advanceOn: 'lane.created',
    resumeFromPrevious: true,
  },
  {
    route: 'Products',
    target: '[data-tour="page-header"]',
    title: 'Products',
    text: 'What customers book in the widget: how long, on which lanes, for how many players and at what price.',
    advanceOn: 'next',
  },
  {
    route: 'Products',
    target: '[data-tour="page-actions"]',
    title: 'Create a product',
    text: 'Press Create.',
    advanceOn: 'click',
  },
  {
    route: 'CreateProduct',
    target: '[data-tour="product-basics"]',
    title: 'Name your product',
    text: 'The name you see here and the title customers see, e.g. “Axe throwing: 1 hour”. Fill it in, then press Next.',
    advanceOn: 'next',
    interactive: true,
  },
  {
    route: 'CreateProduct',
    target: '[data-tour="product-lanes"]',
    title: 'Duration and lanes',
    text: 'How long a booking lasts, and the lanes it can take: a new product starts on every active lane, so the lane you just made is there.',
    advanceOn: 'next',
    interactive: true,
  },
  {
    route: 'CreateProduct',
    target: '[data-tour="product-pricing"]',
    title: 'Players and price',
    text: 'The price per player (or per group) and the tax you made. Then press Next.',
    advanceOn: 'next',
    interactive: true,
  },
  {
    route: 'CreateProduct',
    target: '[data-tour="product-options"]',
    title: 'Terms and extras',
    text: 'Choose your terms and, if you made one, the extra. Then press Next.',
    advanceOn: 'next',
    interactive: true,
  },
  {
    route: 'CreateProduct',
    target: '[data-tour="product-waiver"]',
    title: 'The waiver',
    text: 'Choose the waiver players sign for this product. Then press Next.',
    advanceOn: 'next',
    interactive: true,
  },
  {
    route: 'CreateProduct',
    target: '[data-tour="record-save"]',
    title: 'Save the product',
    text: 'Press Save. The guide moves on once the product exists.',
    advanceOn: 'product.created',
  },
  {
    route: 'Products',
    target: '[data-tour="collection-list"]',
    title: 'Put it on sale',
    text: 'A paused product cannot be booked. Switch yours to Active; if it already says Active, press Next.',
    advanceOn: 'product.activated',
    optional: true,
  },
  {
    route: 'Calendar',
    target: '[data-tour="page-header"]',
    title: 'The calendar',
    text: 'The slots customers choose from, with their free and taken lanes. A weekly plan fills it for you.',
    advanceOn: 'next',
  },
  {
    route: 'Calendar',
    target: '[data-tour="weekly-plan"]',
    title: 'Open the weekly plan',
    text: 'Press Weekly plan.',
    advanceOn: 'click',
  },
  {
    route: 'Calendar',
    target: '.mantine-Modal-content',
    title: 'Your opening hours',
    text: 'Choose the product, write when you are open, save the plan and Populate. The guide moves on once the calendar has its slots.',
    advanceOn: 'calendar.populated',
    resumeFromPrevious: true,
  },
  {
    route: 'Venue',
    target: '[data-tour="widget-snippet"]',
    title: 'Your booking widget',
    text: 'Paste this snippet into your web site and customers can book. The demo page shows it working before you do.',
    advanceOn: 'next',
  },
  {
    route: 'Venue',
    target: '[data-tour="venue-contact"]',
    title: 'Your address and phone',
    text: 'Customers see them on their booking and in their mails. Fill in the address and phone, then Save. The guide moves on once they are saved.',
    advanceOn: 'setup.details',
  },
  {
    route: 'Dashboard',
    target: '[data-testid="setup-payments"]',
    title: 'How customers pay',
    text: 'Set up card payments to take payment online (your bank account, then Verify), or take payment at the venue. The guide moves on once one is chosen.',
    advanceOn: 'setup.payments',
    alsoOn: ['/settings/bank-accounts'],
  },
  {
    route: 'Dashboard',
    target: '[data-testid="setup-live"]',
    title: 'Go live',
    text: 'The widget takes bookings once your venue is live. Press Go live (or Request approval, where Lanebook approves new venues first).',
    advanceOn: 'setup.live',
  },
  {
    route: 'Dashboard',
    target: '[data-tour="page-header"]',
    title: 'You are ready',
    text: 'Customers can book your product online (once Lanebook approves your venue, where it asked). Bookings, revenue and occupancy show on this dashboard as they come in.',
    advanceOn: 'next',
  },
];
