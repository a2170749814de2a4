import type { PermissionKey } from '@lanebook/core/permissions';
import type { CollectionPages } from '../components/collection/types';
import { NAMED_ROUTES, type RouteName } from '../lib/route-names';
import type { Session } from '../lib/session';
import { landingPath } from './landing';
import { preloadable, type PreloadableComponent } from './preloadable';

/**
 * Every console route, in one table: the router, the guards and the menus read it; the routes the
 * tour opens by name are named in lib/route-names.ts. A route without a page shows a "coming soon" panel.
 * The `bare` layout is the page alone, without frame or menus (the waiver kiosk's tablet).
 */
export type Layout = 'default' | 'auth' | 'auth-wide' | 'auth-logout' | 'bare';
export type RouteAccess = 'guest' | 'public' | 'signed-in' | 'onboarding';

export interface RouteDef {
  path: string;
  title: string;
  layout: Layout;
  access: RouteAccess;
  permission?: PermissionKey;
  superadminOnly?: boolean;
  page?: PreloadableComponent;
  /** Where the route sends to: a path, or one that depends on who is signed in. */
  redirectTo?: string | ((session: Session) => string);
  /** What the coming-soon panel says will bring this page. */
  comingWith?: string;
}

const page = preloadable;

const LoginPage = page(() => import('../features/auth/LoginPage'));
const ForgotPasswordPage = page(() => import('../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = page(() => import('../features/auth/ResetPasswordPage'));
const OnboardVenuePage = page(() => import('../features/onboarding/OnboardVenuePage'));
const OnboardBankAccountPage = page(() => import('../features/payments/OnboardBankAccountPage'));
const InvitationsPage = page(() => import('../features/invitations/InvitationsPage'));
const SettingsHomePage = page(() => import('../features/settings/SettingsHomePage'));
const MailLogPage = page(() => import('../features/mails/MailLogPage'));
const ProfilePage = page(() => import('../features/profile/ProfilePage'));
const VenueSettingsPage = page(() => import('../features/venue/VenueSettingsPage'));
const PermissionsPage = page(() => import('../features/permissions/PermissionsPage'));
const UsersPage = page(() => import('../features/users/UsersPage'));
const CalendarPage = page(() => import('../features/calendar/CalendarPage'));
const UserPage = page(() => import('../features/users/UserPage'));
const SuperadminVenuesPage = page(() => import('../features/superadmin/SuperadminVenuesPage'));
const SuperadminCreateVenuePage = page(() => import('../features/superadmin/SuperadminCreateVenuePage'));
const SuperadminUsersPage = page(() => import('../features/superadmin/SuperadminUsersPage'));
const OutboxPage = page(() => import('../features/superadmin/OutboxPage'));
const BookingsPage = page(() => import('../features/bookings/BookingsPage'));
const BookingViewPage = page(() => import('../features/bookings/BookingViewPage'));
const BookingCreatePage = page(() => import('../features/bookings/BookingFormPage').then((m) => ({ default: m.BookingCreatePage })));
const BookingEditPage = page(() => import('../features/bookings/BookingFormPage').then((m) => ({ default: m.BookingEditPage })));
const CheckoutPage = page(() => import('../features/bookings/CheckoutPage'));
const RefundPage = page(() => import('../features/bookings/RefundPage'));
const PersonalInfoPage = page(() => import('../features/bookings/PersonalInfoPage'));
const ReceiptPage = page(() => import('../features/bookings/ReceiptPage'));
const CheckInPage = page(() => import('../features/check-in/CheckInPage'));
const BankAccountsPage = page(() => import('../features/payments/BankAccountsPage'));
const BankAccountFormPage = page(() => import('../features/payments/BankAccountFormPage'));
const BalancePage = page(() => import('../features/payments/BalancePage'));
const WaiversPage = page(() => import('../features/waivers/WaiversPage'));
const WaiverFormPage = page(() => import('../features/waivers/WaiverFormPage'));
const DeskSigningPage = page(() => import('../features/signatures/DeskSigningPage'));
const PublicSigningPage = page(() => import('../features/signatures/PublicSigningPage'));
const BookingSignaturesPage = page(() => import('../features/signatures/BookingSignaturesPage'));
const SignatureViewPage = page(() => import('../features/signatures/SignatureViewPage'));
const SignaturesPage = page(() => import('../features/signatures/SignaturesPage'));
const DashboardPage = page(() => import('../features/dashboard/DashboardPage'));
const StatisticPage = page(() => import('../features/dashboard/StatisticPage'));
const CashUpPage = page(() => import('../features/dashboard/CashUpPage'));
const GiftCardsPage = page(() => import('../features/gift-cards/GiftCardsPage'));
const GiftCardPage = page(() => import('../features/gift-cards/GiftCardPage'));
const GiftCardSettingsPage = page(() => import('../features/gift-cards/GiftCardSettingsPage'));
const GuestsPage = page(() => import('../features/guests/GuestsPage'));
const GuestPage = page(() => import('../features/guests/GuestPage'));
const KiosksSettingsPage = page(() => import('../features/kiosks/KiosksSettingsPage'));
const KioskPage = page(() => import('../features/kiosks/KioskPage'));

const app = (path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  path,
  title,
  layout: 'default',
  access: 'signed-in',
  ...extra,
});

/** A collection file's default export (defineCollection): its list and form pages, each lazy. */
const catalog = (load: () => Promise<{ default: CollectionPages }>) => ({
  list: page(() => load().then((m) => ({ default: m.default.ListPage }))),
  form: page(() => load().then((m) => ({ default: m.default.FormPage }))),
});

/** A settings collection: list, create (with its permission) and one item; pages, or what will bring them. */
function collection(
  base: string,
  title: string,
  createPermission: PermissionKey | undefined,
  pages: ReturnType<typeof catalog> | string,
  item = 'Edit',
): RouteDef[] {
  const list = typeof pages === 'string' ? { comingWith: pages } : { page: pages.list };
  const form = typeof pages === 'string' ? { comingWith: pages } : { page: pages.form };
  return [
    app(base, title, list),
    app(`${base}/create`, `${title}: create`, { permission: createPermission, ...form }),
    app(`${base}/:id`, `${title}: ${item.toLowerCase()}`, form),
  ];
}

const Taxes = catalog(() => import('../features/catalog/taxes'));
const Terms = catalog(() => import('../features/catalog/terms'));
const UpsellItems = catalog(() => import('../features/catalog/upsell-items'));
const Promocodes = catalog(() => import('../features/catalog/promocodes'));
const Affiliates = catalog(() => import('../features/catalog/affiliates'));
const MailingTemplates = catalog(() => import('../features/catalog/mailing-templates'));
const WidgetTemplates = catalog(() => import('../features/catalog/widget-templates'));
const Integrations = catalog(() => import('../features/catalog/integrations'));
const Products = catalog(() => import('../features/catalog/products'));
const LanesPage = page(() => import('../features/catalog/LanesPage'));

export const ROUTES: RouteDef[] = [
  {
    path: '/',
    title: 'Home',
    layout: 'default',
    access: 'signed-in',
    redirectTo: (session) => landingPath(session, routeByName('Dashboard')?.permission),
  },
  { path: '/login', title: 'Sign in', layout: 'auth', access: 'guest', page: LoginPage },
  { path: '/forgot-password', title: 'Forgot password', layout: 'auth', access: 'public', page: ForgotPasswordPage },
  { path: '/reset-password', title: 'Set a new password', layout: 'auth', access: 'public', page: ResetPasswordPage },
  { path: '/onboard/venue', title: 'Create your venue', layout: 'auth-logout', access: 'onboarding', page: OnboardVenuePage },
  { path: '/onboard/bank-account', title: 'Bank account', layout: 'auth-logout', access: 'onboarding', page: OnboardBankAccountPage },
  // The venues that invited the signed-in person (decision 008): reachable with or without a venue.
  // A customer signs their booking's waiver from the link the venue shares: no sign-in.
  { path: '/sign/:bookingReference', title: 'Sign waiver', layout: 'auth-wide', access: 'public', page: PublicSigningPage },
  // The waiver kiosk's tablet (issue 39): its own device token, no session and no menus.
  { path: '/kiosk', title: 'Waiver kiosk', layout: 'bare', access: 'public', page: KioskPage },
  { path: '/invitations', title: 'Invitations', layout: 'auth-logout', access: 'onboarding', page: InvitationsPage },

  app('/dashboard', 'Dashboard', { permission: 'statistics.view', page: DashboardPage }),
  // balancePath(provider) of @lanebook/core/payment-schemas, written out: that module (and zod) stays out of the first load.
  app('/dashboard/sandbox-balance', 'Balance', { permission: 'bankAccounts.view', page: BalancePage }),
  app('/dashboard/stripe-balance', 'Balance', { permission: 'bankAccounts.view', page: BalancePage }),
  app('/dashboard/cash-up', 'Cash-up', { permission: 'statistics.view', page: CashUpPage }),
  app('/dashboard/:statKey', 'Statistic', { permission: 'statistics.view', page: StatisticPage }),

  app('/settings', 'Settings', { page: SettingsHomePage }),
  app('/settings/profile', 'Profile', { page: ProfilePage }),
  app('/settings/venue', 'Venue', { page: VenueSettingsPage }),
  app('/settings/widget', 'Widget', { redirectTo: '/settings/widget-templates' }),
  ...collection('/settings/widget-templates', 'Widget templates', undefined, WidgetTemplates),
  ...collection('/settings/taxes', 'Taxes', 'taxes.create', Taxes),
  ...collection('/settings/mailing-templates', 'Mailing templates', 'mailingTemplates.create', MailingTemplates),
  app('/settings/mail', 'Mail', { permission: 'mails.view', page: MailLogPage }),
  app('/settings/gift-cards', 'Gift card settings', { page: GiftCardSettingsPage }),
  app('/settings/bank-accounts', 'Bank accounts', { permission: 'bankAccounts.view', page: BankAccountsPage }),
  app('/settings/bank-accounts/create', 'Bank accounts: create', { permission: 'bankAccounts.create', page: BankAccountFormPage }),
  ...collection('/settings/terms-and-conditions', 'Terms & Conditions', 'terms.create', Terms),
  ...collection('/settings/promocodes', 'Promocodes', 'promocodes.create', Promocodes),
  ...collection('/settings/affiliates', 'Affiliates', 'affiliates.create', Affiliates),
  ...collection('/settings/upsell-merchandise', 'Upsell merchandise', 'upsellItems.create', UpsellItems),
  app('/settings/kiosks', 'Waiver kiosks', { permission: 'kiosks.manage', page: KiosksSettingsPage }),
  app('/settings/permissions', 'Permissions', { page: PermissionsPage }),
  app('/settings/superadmin', 'Superadmin', { superadminOnly: true, page: SuperadminVenuesPage }),
  app('/settings/superadmin/create', 'Superadmin: create venue', { superadminOnly: true, page: SuperadminCreateVenuePage }),
  app('/settings/superadmin/users', 'Superadmin: accounts', { superadminOnly: true, page: SuperadminUsersPage }),
  app('/settings/superadmin/outbox', 'Superadmin: mail outbox', { superadminOnly: true, page: OutboxPage }),
  ...collection('/settings/integrations', 'Integrations', 'integrations.create', Integrations),

  ...collection('/products', 'Products', 'products.create', Products),

  app('/bookings', 'Bookings', { page: BookingsPage }),
  app('/bookings/create', 'New booking', { permission: 'bookings.create', page: BookingCreatePage }),
  app('/bookings/:id/view', 'Booking details', { page: BookingViewPage }),
  app('/bookings/:id/edit', 'Edit booking', { permission: 'bookings.edit', page: BookingEditPage }),
  app('/bookings/:id/checkout', 'Checkout', { permission: 'bookings.collect', page: CheckoutPage }),
  app('/bookings/:id/refund', 'Issue refund', { permission: 'bookings.refund', page: RefundPage }),
  app('/bookings/:id/signatures', 'Signed waivers', { page: BookingSignaturesPage }),
  {
    path: '/bookings/:id/signatures/sign',
    title: 'Sign waiver',
    layout: 'auth-wide',
    access: 'signed-in',
    permission: 'signatures.create',
    page: DeskSigningPage,
  },
  app('/bookings/:id/signatures/:signatureId', 'Signature', { page: SignatureViewPage }),
  app('/bookings/:id/personal-info', 'Personal info', { page: PersonalInfoPage }),
  app('/bookings/:id/receipt', 'Receipt', { page: ReceiptPage }),
  app('/check-in', 'Check-in', { permission: 'bookings.edit', page: CheckInPage }),

  app('/gift-cards', 'Gift cards', { permission: 'giftCards.view', page: GiftCardsPage }),
  app('/gift-cards/:id', 'Gift card', { permission: 'giftCards.view', page: GiftCardPage }),

  app('/guests', 'Guests', { permission: 'guests.view', page: GuestsPage }),
  app('/guests/:id', 'Guest', { permission: 'guests.view', page: GuestPage }),

  app('/calendar', 'Calendar', { page: CalendarPage }),
  app('/waivers', 'Waivers', { page: WaiversPage }),
  app('/waivers/create', 'Waivers: create', { permission: 'waivers.create', page: WaiverFormPage }),
  app('/waivers/:id', 'Waivers: edit', { page: WaiverFormPage }),
  app('/signatures', 'Signatures', { page: SignaturesPage }),
  app('/signatures/:id', 'Signature', { page: SignatureViewPage }),
  app('/resources', 'Lane management', { page: LanesPage }),
  app('/users', 'Users', { page: UsersPage }),
  app('/users/:id', 'User', { page: UserPage }),
];

/** The route of a name of lib/route-names.ts. */
export function routeByName(name: RouteName): RouteDef | undefined {
  return ROUTES.find((r) => r.path === NAMED_ROUTES[name]);
}
