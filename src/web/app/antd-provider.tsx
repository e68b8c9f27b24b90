import { ConfigProvider } from 'antd';
// The ES builds: `antd/locale/*` are CommonJS re-exports that bundle a second copy of every
// locale (picker, pagination, ...) next to the ES one antd's own components already use.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ANTD_SIZE, useApp } from '../stores/app';
import { useSettings } from '../stores/settings';
import { useReducedMotion } from './reduced-motion';
import { themeConfig } from './theme';

/**
 * antd's theme, language and size for what is under it: the shell, the error pages, and (set
 * below) toasts and dialogs opened outside React. It loads with the first antd screen; the login
 * page is plain React and CSS, so no visitor downloads antd before signing in.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const primary = useSettings((state) => state.theme);
  const dark = useSettings((state) => state.dark);
  const size = useApp((state) => state.size);
  const reducedMotion = useReducedMotion();
  // Native controls (date fields, scrollbars) follow the app's light or dark mode.
  useEffect(() => {
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  }, [dark]);
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      componentSize={ANTD_SIZE[size]}
      theme={themeConfig(primary, dark, reducedMotion)}
      // "全部", not "全 部": two-character labels read as one word, as in the storefront's tabs.
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}

ConfigProvider.config({ holderRender: (children) => <AntdProvider>{children}</AntdProvider> });
