import { CheckOutlined, SearchOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  ColorPicker,
  Progress,
  Rate,
  Slider,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { THEME_COLOR } from '../../../shared/constants';
import { useSettings } from '../../stores/settings';

const PRESETS = [THEME_COLOR, '#409EFF', '#13c2c2', '#52c41a', '#fa541c', '#722ed1', '#eb2f96'];

/**
 * Template demo /theme/index: the run-time theme colour and light or dark, the app's own settings
 * (the settings drawer changes the same); the sample components follow through antd's tokens.
 */
export default function ThemePage() {
  const { t } = useTranslation('demos');
  const theme = useSettings((state) => state.theme);
  const dark = useSettings((state) => state.dark);
  const change = useSettings((state) => state.change);
  return (
    <Card>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Space wrap size="large">
          <Space>
            <Typography.Text>{t('theme.colour')}</Typography.Text>
            {/* Its trigger is a plain <div>, which may not carry a name (aria-label). */}
            <ColorPicker
              value={theme}
              disabledAlpha
              presets={[{ label: t('theme.presets'), colors: PRESETS }]}
              onChangeComplete={(color) => change('theme', color.toHexString())}
            />
          </Space>
          <Space>
            <Typography.Text>{t('theme.dark')}</Typography.Text>
            <Switch
              aria-label={t('theme.dark')}
              checked={dark}
              onChange={(on) => change('dark', on)}
            />
          </Space>
        </Space>
        <Space wrap>
          <Button type="primary">{t('theme.primary')}</Button>
          <Button>{t('theme.default')}</Button>
          <Button type="dashed">{t('theme.dashed')}</Button>
          <Button type="link">{t('theme.link')}</Button>
          <Button type="primary" shape="circle" icon={<SearchOutlined />} aria-label="search" />
          <Button type="primary" icon={<CheckOutlined />} />
        </Space>
        <Space wrap>
          <Tag color="processing">processing</Tag>
          <Tag color="success">success</Tag>
          <Tag color="warning">warning</Tag>
          <Tag color="error">error</Tag>
        </Space>
        <Alert type="info" showIcon title={t('theme.note')} />
        <Progress percent={70} aria-label="progress" />
        <Slider defaultValue={40} ariaLabelForHandle="slider" />
        <Rate defaultValue={3} />
      </Space>
    </Card>
  );
}
