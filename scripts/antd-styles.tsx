/**
 * Build step (after `vite build`): antd's styles for the shell and the dashboard, generated once
 * here instead of in every browser. antd computes its styles at run time
 * (CSS-in-JS): on the way from the login page to the dashboard that was the largest single cost
 * of script time after React itself. This renders those components at build time, writes their
 * styles with antd's cache-path map to one hashed CSS file, and names the file in index.html
 * (`<meta name="antd-styles">`); app/antd-styles.ts loads it with the shell (and while the user
 * types on the login page). In the browser antd finds each of these styles in the map and skips
 * generating it. Map and styles travel in the same file, so antd never believes in styles that
 * are not there; anything else (another theme colour, dark mode, a component not listed here) is
 * generated at run time as before.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import {
  App,
  Card,
  Checkbox,
  Col,
  ConfigProvider,
  Descriptions,
  Divider,
  Empty,
  Form,
  Input,
  Pagination,
  Row,
  Select,
  Skeleton,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { renderToString } from 'react-dom/server';
import { THEME_COLOR } from '../src/shared/constants';
import { themeConfig } from '../src/web/app/theme';
import { ShellSample } from '../src/web/layout/antd-sample';

// antd names its classes differently outside production builds (package.json sets it).
if (process.env.NODE_ENV !== 'production') throw new Error('run with NODE_ENV=production');

const root = path.resolve('dist/web');
const cache = createCache();
// What the shell (the sample the login page warms up), the dashboard and a list screen (its filter
// bar, table and pager: most screens are lists) render on arrival. Other screens, popups and
// drawers are generated when first shown, as before: listing them here would make every visitor
// parse their CSS.
renderToString(
  <StyleProvider cache={cache}>
    <ConfigProvider locale={zhCN} theme={themeConfig(THEME_COLOR, false)}>
      <App>
        <ShellSample />
        <Card />
        <Row>
          <Col span={1} />
        </Row>
        <Divider />
        <Typography.Title />
        <Statistic value={1} />
        <Descriptions />
        <Tag />
        <Skeleton />
        <Spin />
        <Empty />
        <ListSample />
      </App>
    </ConfigProvider>
  </StyleProvider>,
);
/** One of each part of a list screen (kit/list-screen.tsx): generating them took the most time. */
function ListSample() {
  return (
    <>
      <Form layout="inline">
        <Form.Item label="a" name="a">
          <Input type="search" />
        </Form.Item>
        <Form.Item label="b" name="b">
          <Select allowClear options={[]} />
        </Form.Item>
      </Form>
      <Checkbox />
      <Table
        rowKey="id"
        columns={[
          { key: 'a', title: 'a', sorter: true, sortOrder: 'descend' },
          { key: 'b', title: 'b', fixed: 'right' },
        ]}
        dataSource={[{ id: 1 }]}
        rowSelection={{ selectedRowKeys: [] }}
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={{ spinning: false }}
      />
      <Pagination total={100} showSizeChanger showTotal={() => ''} />
    </>
  );
}

const css = extractStyle(cache, { plain: true, types: ['style'] });
const name = `assets/antd-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
writeFileSync(path.join(root, name), css);

const indexFile = path.join(root, 'index.html');
const html = readFileSync(indexFile, 'utf8').replace(/\s*<meta name="antd-styles"[^>]*>/, '');
if (!html.includes('</head>')) throw new Error('dist/web/index.html has no </head>');
writeFileSync(
  indexFile,
  html.replace('</head>', `  <meta name="antd-styles" content="/${name}">\n</head>`),
);
console.log(`antd-styles: ${name} (${(css.length / 1024).toFixed(0)} KiB)`);
