import { ConfigProvider } from 'antd';
// The ES builds: `antd/locale/*` are CommonJS re-exports that bundle a second copy of every
// locale (picker, pagination, ...) next to the ES one antd's own components already use.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { sessionApi } from '../api/session';
import { ANTD_SIZE, useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { router } from './router';
import { themeConfig } from './theme';

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

export function Root() {
  const { i18n } = useTranslation();
  const primary = useSettings((state) => state.theme);
  const dark = useSettings((state) => state.dark);
  const size = useApp((state) => state.size);
  useWebsiteName();
  const themed = (children: ReactNode) => (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      componentSize={ANTD_SIZE[size]}
      theme={themeConfig(primary, dark)}
    >
      {children}
    </ConfigProvider>
  );
  // Toasts and dialogs opened outside React get the same theme and language.
  ConfigProvider.config({ holderRender: themed });
  return themed(<RouterProvider router={router} />);
}
