import type { PermissionArea } from '@lanebook/core/permissions';

/** Readable names for the permission matrix: "Bookings — Set custom price". */
export const AREA_LABELS: Record<PermissionArea, string> = {
  bookings: 'Bookings',
  calendar: 'Calendar',
  resources: 'Lanes',
  products: 'Products',
  waivers: 'Waivers',
  signatures: 'Signatures',
  users: 'Users',
  profile: 'Own profile',
  venues: 'Venue',
  bankAccounts: 'Bank accounts',
  taxes: 'Taxes',
  promocodes: 'Promocodes',
  affiliates: 'Affiliates',
  terms: 'Terms & Conditions',
  widgetTemplates: 'Widget templates',
  integrations: 'Integrations',
  upsellItems: 'Upsell merchandise',
  mailingTemplates: 'Mailing templates',
  statistics: 'Dashboard statistics',
  mails: 'Mail log',
  giftCards: 'Gift cards',
  guests: 'Guests',
  kiosks: 'Waiver kiosks',
};

const ACTION_LABELS: Record<string, string> = {
  collect: 'Collect payment',
  setCustomPrice: 'Set custom price',
  sendEmail: 'Send email',
  save: 'Save for later',
  addNote: 'Add note',
  changePresenceStatus: 'Change check-in status',
  setNonWorkingDays: 'Set non-working days',
  changePassword: 'Change password',
  setDefault: 'Set default',
  // Gift cards: selling at the desk, and issue covers giving away, adjusting and disabling.
  sell: 'Sell',
  issue: 'Give away, adjust and disable',
  // Guests: export covers a guest's own data and the marketing list; erase removes the person.
  export: 'Export data and the marketing list',
};

/** Known actions get a hand-written label; any other camelCase action reads as words. */
export function actionLabel(action: string): string {
  if (ACTION_LABELS[action]) return ACTION_LABELS[action];
  const words = action.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function permissionLabel(area: PermissionArea, action: string): string {
  return `${AREA_LABELS[area]} — ${actionLabel(action)}`;
}
