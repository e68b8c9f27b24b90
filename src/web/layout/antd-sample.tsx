import {
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Dropdown,
  Layout,
  Menu,
  Space,
  Tooltip,
  Typography,
} from 'antd';

const menuItems = [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }];
const crumbs = [{ title: 'a' }];
const noItems = { items: [] };

/**
 * One of each antd component the shell renders on arrival, under whatever provider the caller
 * gives: what the login page warms up out of sight (warm-up.tsx), so the shell finds antd's theme
 * and component tokens computed, and part of what the build step writes styles for
 * (scripts/antd-styles.tsx). Only components the shell's own chunk holds: importing any other
 * here would move it into that chunk, and every screen loads it.
 */
export function ShellSample() {
  return (
    <>
      <Layout>
        <Layout.Sider />
        <Layout>
          <Layout.Header />
          <Layout.Content />
        </Layout>
      </Layout>
      <Menu mode="inline" items={menuItems} />
      <Breadcrumb items={crumbs} />
      <Dropdown menu={noItems}>
        <span />
      </Dropdown>
      <Tooltip title="a">
        <span />
      </Tooltip>
      <Avatar />
      <Badge count={1} />
      <Button />
      <Space />
      <Typography.Text />
    </>
  );
}
