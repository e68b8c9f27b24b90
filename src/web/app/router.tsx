import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate, useLocation, useParams } from 'react-router';
import { LoginPage } from '../features/auth/login-page';
import { redirectTarget } from './guard';
import { Guard } from './guard-outlet';
import { LoadingWithProgress } from './progress';
import { Layout } from './shell';

const ErrorPage = lazy(() => import('../features/errors/error-page'));
const ShopPage = lazy(() => import('../features/shop/shop-page'));

/** /redirect/<path>: re-opens a path, so its view mounts afresh (tab Refresh). */
function RedirectHelper() {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${params['*'] ?? ''}${search}`} replace />;
}

function AuthRedirect() {
  const { search } = useLocation();
  return <Navigate to={redirectTarget(search)} replace />;
}

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingWithProgress fullscreen />}>{children}</Suspense>;
}

function Shell() {
  return (
    <Lazy>
      <Layout />
    </Lazy>
  );
}

export const router = createBrowserRouter([
  // The storefront a table's QR code opens: the customer's, outside the merchant's sign-in.
  {
    path: '/shop/:merchantId',
    element: (
      <Lazy>
        <ShopPage />
      </Lazy>
    ),
  },
  {
    element: <Guard />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/auth-redirect', element: <AuthRedirect /> },
      {
        path: '/404',
        element: (
          <Lazy>
            <ErrorPage kind="404" />
          </Lazy>
        ),
      },
      {
        path: '/401',
        element: (
          <Lazy>
            <ErrorPage kind="401" />
          </Lazy>
        ),
      },
      { path: '/redirect/*', element: <RedirectHelper /> },
      { path: '*', element: <Shell /> },
    ],
  },
]);
