import type React from 'react';
import { Suspense, useEffect, useState } from 'react';
import { matchRoutes, Navigate, Outlet, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { FullPageLoader } from '../components/FullPageLoader';
import { createBlockingHistory } from '../lib/navigation-blocker';
import { useSession } from '../lib/session';
import { RouteGuard } from './guards';
import { AuthLayout } from './layout/AuthLayout';
import { PageErrorBoundary } from './PageErrorBoundary';
import { preloadable } from './preloadable';
import { ROUTES, type Layout, type RouteDef } from './route-table';

// The app shell (and the Mantine parts only it uses) loads with the first signed-in page, not with /login.
const DefaultLayout = preloadable(() => import('./layout/DefaultLayout').then((m) => ({ default: m.DefaultLayout })));

function Titled({ route }: { route: RouteDef }) {
  const session = useSession();
  useEffect(() => {
    document.title = `${route.title} · Lanebook`;
  }, [route.title]);
  if (route.redirectTo)
    return <Navigate to={typeof route.redirectTo === 'string' ? route.redirectTo : route.redirectTo(session)} replace />;
  const Page = route.page;
  return Page ? <Page /> : <ComingSoon title={route.title} comingWith={route.comingWith} />;
}

const layouts: Record<Layout, React.ReactElement> = {
  default: (
    <PageErrorBoundary>
      <Suspense fallback={<FullPageLoader />}>
        <DefaultLayout />
      </Suspense>
    </PageErrorBoundary>
  ),
  auth: <AuthLayout />,
  'auth-wide': <AuthLayout wide />,
  'auth-logout': <AuthLayout withLogout />,
  bare: (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  ),
};

/** Each route object's entry of the route table. */
const definitions = new Map<RouteObject, RouteDef>();

function toRouteObject(route: RouteDef): RouteObject {
  const object: RouteObject = {
    path: route.path,
    element: (
      <PageErrorBoundary>
        <RouteGuard route={route}>
          <Titled route={route} />
        </RouteGuard>
      </PageErrorBoundary>
    ),
  };
  definitions.set(object, route);
  return object;
}

const routes: RouteObject[] = [
  ...(Object.keys(layouts) as Layout[]).map<RouteObject>((layout) => ({
    element: layouts[layout],
    children: ROUTES.filter((r) => r.layout === layout).map(toRouteObject),
  })),
  // Unknown paths go to /.
  { path: '*', element: <Navigate to="/" replace /> },
];

/**
 * The chunks of the page being opened (its layout and page) load from the start, alongside the
 * session's request, so that both render at once when the session is there (see preloadable.ts).
 */
function preloadOpeningPage() {
  const opening = matchRoutes(routes, window.location)
    ?.map((match) => definitions.get(match.route))
    .find((route) => route !== undefined);
  if (!opening) return;
  if (opening.layout === 'default') void DefaultLayout.preload();
  void opening.page?.preload();
}

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The console's router. Declarative, not a data router: the console has no loaders or actions,
 * and the data router's code would double React Router's share of every first load. Forms hold
 * navigation back through the console's own history (lib/navigation-blocker.ts).
 */
export function AppRouter() {
  const [history] = useState(() => {
    preloadOpeningPage();
    return createBlockingHistory();
  });
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
