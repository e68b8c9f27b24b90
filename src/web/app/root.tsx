import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { sessionApi } from '../api/session';
import { useApp } from '../stores/app';
import { router } from './router';

/** Loads the website name once (public call): every page title ends with it. */
function useWebsiteName() {
  const setWebsiteName = useApp((state) => state.setWebsiteName);
  useEffect(() => {
    sessionApi
      .websiteConfig()
      .then((config) => setWebsiteName(config.website_name))
      .catch(() => {});
  }, [setWebsiteName]);
}

/** The app: the router. antd's provider wraps the screens that use antd (app/antd-provider). */
export function Root() {
  useWebsiteName();
  return <RouterProvider router={router} />;
}
