import { describe, expect, it } from 'vitest';
import { NAMED_ROUTES, type RouteName } from '../lib/route-names';
import { ROUTES, routeByName } from './route-table';

describe('the named routes (lib/route-names.ts)', () => {
  it('are each a route of the table, with a page', () => {
    for (const name of Object.keys(NAMED_ROUTES) as RouteName[]) {
      const route = routeByName(name);
      expect(route, name).toBeDefined();
      expect(route!.page ?? route!.comingWith, name).toBeDefined();
    }
  });

  it('name one route each', () => {
    for (const path of Object.values(NAMED_ROUTES)) expect(ROUTES.filter((route) => route.path === path)).toHaveLength(1);
  });
});
