/**
 * The routes the product names, with their paths: the guided tour opens its steps by these
 * names. They live here, below the features, so the tour reads them without importing the shell;
 * app/route-table.ts gives each path its page, layout and access.
 */
export const NAMED_ROUTES = {
  Login: '/login',
  Dashboard: '/dashboard',
  Settings: '/settings',
  Venue: '/settings/venue',
  Taxes: '/settings/taxes',
  CreateTax: '/settings/taxes/create',
  Terms: '/settings/terms-and-conditions',
  CreateTerms: '/settings/terms-and-conditions/create',
  UpsellItems: '/settings/upsell-merchandise',
  CreateUpsellItem: '/settings/upsell-merchandise/create',
  Superadmin: '/settings/superadmin',
  Products: '/products',
  CreateProduct: '/products/create',
  Calendar: '/calendar',
  Waivers: '/waivers',
  CreateWaiver: '/waivers/create',
  Resources: '/resources',
} as const;

export type RouteName = keyof typeof NAMED_ROUTES;
