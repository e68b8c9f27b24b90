import {
  AppstoreOutlined,
  CoffeeOutlined,
  CustomerServiceOutlined,
  EnvironmentOutlined,
  GiftOutlined,
  HomeOutlined,
  PhoneOutlined,
  ProfileOutlined,
  ReadOutlined,
  ShopOutlined,
  ShoppingCartOutlined,
  StarOutlined,
} from '@ant-design/icons';
import { Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HOME_ICONS } from '../../../shared/resources/mini-program-home';
import { dynamicKey } from '../../i18n/keys';
import type { FieldControl, ResourceOverrides } from '../../kit/resource-overrides';
import { ScheduleTag } from '../../kit/schedule';

const AREA = 'mini-program-home';

const ICONS: Record<(typeof HOME_ICONS)[number], ReactNode> = {
  none: null,
  ShopOutlined: <ShopOutlined />,
  ShoppingCartOutlined: <ShoppingCartOutlined />,
  GiftOutlined: <GiftOutlined />,
  CoffeeOutlined: <CoffeeOutlined />,
  HomeOutlined: <HomeOutlined />,
  ReadOutlined: <ReadOutlined />,
  ProfileOutlined: <ProfileOutlined />,
  StarOutlined: <StarOutlined />,
  PhoneOutlined: <PhoneOutlined />,
  EnvironmentOutlined: <EnvironmentOutlined />,
  CustomerServiceOutlined: <CustomerServiceOutlined />,
  AppstoreOutlined: <AppstoreOutlined />,
};

function IconName({ value }: { value: string }) {
  const { t } = useTranslation(AREA);
  return (
    <Space size={4}>
      {ICONS[value as keyof typeof ICONS]}
      {t(dynamicKey(`enums.icon.${value}`))}
    </Space>
  );
}

/** The icon a nine-grid entry shows instead of an image: each option drawn. */
const IconSelect: FieldControl = ({ value, onChange, id }) => (
  <Select
    id={id}
    value={(value as string) ?? 'none'}
    onChange={(next) => onChange?.(next)}
    options={HOME_ICONS.map((icon) => ({ value: icon, label: <IconName value={icon} /> }))}
    style={{ maxWidth: 240 }}
  />
);

/** /xcxbase/banner and /xcxbase/nine: icons drawn in the list and in the form's choice. */
export default {
  cells: {
    icon: (value) => (value && value !== 'none' ? <IconName value={String(value)} /> : '—'),
    enabled: (_, row) => <ScheduleTag row={row} />,
  },
  fields: { icon: IconSelect },
} satisfies ResourceOverrides;
