import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarcodeOutlined,
  CloudDownloadOutlined,
  CloudUploadOutlined,
  ControlOutlined,
  DashboardOutlined,
  ExperimentOutlined,
  InboxOutlined,
  PartitionOutlined,
  PictureOutlined,
  PrinterOutlined,
  ProfileOutlined,
  QrcodeOutlined,
  ReadOutlined,
  SettingOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The icons the route catalog names (imported one by one: the icon set is large). */
const icons: Record<string, ReactNode> = {
  AccountBookOutlined: <AccountBookOutlined />,
  ApartmentOutlined: <ApartmentOutlined />,
  AuditOutlined: <AuditOutlined />,
  BarcodeOutlined: <BarcodeOutlined />,
  CloudDownloadOutlined: <CloudDownloadOutlined />,
  CloudUploadOutlined: <CloudUploadOutlined />,
  ControlOutlined: <ControlOutlined />,
  DashboardOutlined: <DashboardOutlined />,
  ExperimentOutlined: <ExperimentOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
  InboxOutlined: <InboxOutlined />,
  PictureOutlined: <PictureOutlined />,
  PrinterOutlined: <PrinterOutlined />,
  QrcodeOutlined: <QrcodeOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  PartitionOutlined: <PartitionOutlined />,
  ReadOutlined: <ReadOutlined />,
  SettingOutlined: <SettingOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  ShoppingOutlined: <ShoppingOutlined />,
  ShopOutlined: <ShopOutlined />,
  TagsOutlined: <TagsOutlined />,
  TeamOutlined: <TeamOutlined />,
  WalletOutlined: <WalletOutlined />,
};

export function routeIcon(name: string | undefined): ReactNode {
  return name ? icons[name] : undefined;
}
