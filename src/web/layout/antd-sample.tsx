import {
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  Descriptions,
  Divider,
  Dropdown,
  Empty,
  Layout,
  Menu,
  Row,
  Skeleton,
  Space,
  Spin,
  Statistic,
  Tag,
  Tooltip,
  Typography,
} from 'antd';

const menuItems = [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }];
const crumbs = [{ title: 'a' }];
const noItems = { items: [] };

/**
 * One of each antd component the shell and the dashboard render on arrival, under whatever
 * provider the caller gives. Two users: the build step that writes their styles to a CSS file
 * (scripts/antd-styles.tsx), and the login page's warm-up (warm-up.tsx), which renders it out of
 * sight so the shell finds antd's theme tokens computed. Screens, popups and drawers are left
 * out: listing them here would make every visitor parse their CSS.
 */
export function AntdSample() {
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
      <Card />
      <Row>
        <Col span={1} />
      </Row>
      <Space />
      <Divider />
      <Typography.Title />
      <Statistic value={1} />
      <Descriptions />
      <Tag />
      <Skeleton />
      <Spin />
      <Empty />
    </>
  );
}
