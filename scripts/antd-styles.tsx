/**
 * Build step (after `vite build`): antd's styles for the login page, generated once here instead
 * of in every visitor's browser. antd computes its styles at run time (CSS-in-JS), which costs the
 * login page about a sixth of its start-up script time; this renders the page's components on the
 * server side of the build, writes their styles to a hashed CSS file with antd's cache-path map,
 * and links it from index.html. In the browser antd finds each of these styles in the map and
 * skips generating it; everything else (the shell, the screens, another theme colour or dark
 * mode) is still generated at run time as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Button, ConfigProvider, Input } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import { THEME_COLOR } from '../src/shared/constants';
import { themeConfig } from '../src/web/app/theme';

// antd names its classes differently outside production builds (package.json sets it).
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');

const root = path.resolve('dist/web');
const cache = createCache();
// What the login page renders; keep in step with src/web/features/auth/login-page.tsx.
renderToString(
  <StyleProvider cache={cache}>
    <ConfigProvider locale={zhCN} theme={themeConfig(THEME_COLOR, false)}>
      <Input />
      <Input.Password />
      <Button type="primary" block>
        登录
      </Button>
      <Button type="link">English</Button>
    </ConfigProvider>
  </StyleProvider>,
);
const css = extractStyle(cache, { plain: true, types: ['style'] });
const name = `assets/antd-login-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
writeFileSync(path.join(root, name), css);

const indexFile = path.join(root, 'index.html');
const html = readFileSync(indexFile, 'utf8').replace(
  /\s*<link rel="stylesheet" href="\/assets\/antd-login-[^"]+">/,
  '',
);
if (!html.includes('</head>')) throw new Error('dist/web/index.html has no </head>');
writeFileSync(
  indexFile,
  html.replace('</head>', `  <link rel="stylesheet" href="/${name}">\n</head>`),
);
console.log(`antd-styles: ${name} (${(css.length / 1024).toFixed(1)} KiB)`);
