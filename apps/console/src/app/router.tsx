import type React from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, unstable_HistoryRouter as HistoryRouter, useRoutes, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { FullPageLoader } from '../components/FullPageLoader';
import { createBlockingHistory } from '../lib/navigation-blocker';
import { useSession } from '../lib/session';
import { RouteGuard } from './guards';
import { AuthLayout } from './layout/AuthLayout';
import { ROUTES, type Layout, type RouteDef } from './route-table';

// The app shell (and the Mantine parts only it uses) loads with the first signed-in page, not with /login.
const DefaultLayout = lazy(() => import('./layout/DefaultLayout').then((m) => ({ default: m.DefaultLayout })));

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
    <Suspense fallback={<FullPageLoader />}>
      <DefaultLayout />
    </Suspense>
  ),
  auth: <AuthLayout />,
  'auth-wide': <AuthLayout wide />,
  'auth-logout': <AuthLayout withLogout />,
};

function toRouteObject(route: RouteDef): RouteObject {
  return {
    path: route.path,
    element: (
      <RouteGuard route={route}>
        <Titled route={route} />
      </RouteGuard>
    ),
  };
}

const routes: RouteObject[] = [
  ...(Object.keys(layouts) as Layout[]).map<RouteObject>((layout) => ({
    element: layouts[layout],
    children: ROUTES.filter((r) => r.layout === layout).map(toRouteObject),
  })),
  // Unknown paths go to /.
  { path: '*', element: <Navigate to="/" replace /> },
];

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The console's router. Declarative, not a data router: the console has no loaders or actions,
 * and the data router's code would double React Router's share of every first load. Forms hold
 * navigation back through the console's own history (lib/navigation-blocker.ts).
 */
export function AppRouter() {
  const [history] = useState(createBlockingHistory);
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
