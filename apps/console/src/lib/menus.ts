import type { PermissionKey } from '@lanebook/core/permissions';

/** The console's menus: the shell's navigation shows them, and the settings home lists SETTINGS_MENU as cards. */

export interface MenuItem {
  label: string;
  to: string;
  permission?: PermissionKey;
  superadminOnly?: boolean;
}

export const MAIN_MENU: MenuItem[] = [
  { label: 'Dashboard', to: '/dashboard', permission: 'statistics.view' },
  { label: 'Bookings', to: '/bookings' },
  { label: 'Calendar', to: '/calendar' },
  { label: 'Check-in', to: '/check-in', permission: 'bookings.edit' },
  { label: 'Guests', to: '/guests', permission: 'guests.view' },
  { label: 'Gift cards', to: '/gift-cards', permission: 'giftCards.view' },
  { label: 'Lane management', to: '/resources' },
  { label: 'Products', to: '/products' },
  { label: 'Waivers', to: '/waivers' },
  { label: 'Users', to: '/users' },
  { label: 'Settings', to: '/settings' },
];

export const SETTINGS_MENU: MenuItem[] = [
  { label: 'Profile', to: '/settings/profile' },
  { label: 'Venue', to: '/settings/venue' },
  { label: 'Widget templates', to: '/settings/widget-templates' },
  { label: 'Bank accounts', to: '/settings/bank-accounts', permission: 'bankAccounts.view' },
  { label: 'Taxes', to: '/settings/taxes' },
  { label: 'Mailing templates', to: '/settings/mailing-templates' },
  { label: 'Mail', to: '/settings/mail', permission: 'mails.view' },
  { label: 'Gift card settings', to: '/settings/gift-cards' },
  { label: 'Terms & Conditions', to: '/settings/terms-and-conditions' },
  { label: 'Promocodes', to: '/settings/promocodes' },
  { label: 'Affiliates', to: '/settings/affiliates' },
  { label: 'Upsell merchandise', to: '/settings/upsell-merchandise' },
  { label: 'Waiver kiosks', to: '/settings/kiosks', permission: 'kiosks.manage' },
  { label: 'Permissions', to: '/settings/permissions' },
  { label: 'Superadmin', to: '/settings/superadmin', superadminOnly: true },
  { label: 'Integrations', to: '/settings/integrations' },
];
