import type React from 'react';
import { useEffect } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/ComingSoon';
import { RouteGuard } from './guards';
import { AuthLayout } from './layout/AuthLayout';
import { DefaultLayout } from './layout/DefaultLayout';
import { ROUTES, type Layout, type RouteDef } from './route-table';

function Titled({ route }: { route: RouteDef }) {
  useEffect(() => {
    document.title = `${route.title} · Lanebook`;
  }, [route.title]);
  if (route.redirectTo) return <Navigate to={route.redirectTo} replace />;
  const Page = route.page;
  return Page ? <Page /> : <ComingSoon title={route.title} comingWith={route.comingWith} />;
}

const layouts: Record<Layout, React.ReactElement> = {
  default: <DefaultLayout />,
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

export function buildRouter() {
  const groups = (Object.keys(layouts) as Layout[]).map<RouteObject>((layout) => ({
    element: layouts[layout],
    children: ROUTES.filter((r) => r.layout === layout).map(toRouteObject),
  }));
  // Unknown paths go to / (spec section 2).
  groups.push({ path: '*', element: <Navigate to="/" replace /> });
  return createBrowserRouter(groups);
}
