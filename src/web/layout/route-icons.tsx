import {
  ApartmentOutlined,
  AuditOutlined,
  CloudUploadOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  ReadOutlined,
  SettingOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons the route catalog names (imported one by one: the icon set is large). */
const icons: Record<string, ReactNode> = {
  ApartmentOutlined: <ApartmentOutlined />,
  AuditOutlined: <AuditOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  ReadOutlined: <ReadOutlined />,
  SettingOutlined: <SettingOutlined />,
  TeamOutlined: <TeamOutlined />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? icons[name] : undefined;
}
