import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type Settings, useSettings } from '../stores/settings';

const PRESETS = [
  '#1890ff',
  '#409EFF',
  '#13c2c2',
  '#52c41a',
  '#fa8c16',
  '#f5222d',
  '#722ed1',
  '#2f54eb',
];

/** Spec §2 settings: theme colour at run time (antd tokens, no CDN), layout switches, dark mode. */
export default function SettingsDrawer({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const row = (key: keyof Omit<Settings, 'theme'>, label: string) => (
    <div
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        alignItems: 'center',
        padding: '10px 0',
      }}
    >
      <span id={`setting-${key}`}>{label}</span>
      <Switch
        aria-labelledby={`setting-${key}`}
        checked={settings[key]}
        onChange={(checked) => settings.change(key, checked)}
      />
    </div>
  );
  return (
    <Drawer title={t('shell.settings')} open={open} onClose={onClose} size={300}>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          padding: '10px 0',
        }}
      >
        <span>{t('shell.themeColor')}</span>
        <ColorPicker
          value={settings.theme}
          presets={[{ label: t('shell.themeColor'), colors: PRESETS }]}
          onChangeComplete={(color) => settings.change('theme', color.toHexString())}
          showText
        />
      </div>
      {row('dark', t('shell.dark'))}
      <Divider style={{ margin: '8px 0' }} />
      {row('tagsView', t('shell.tagsView'))}
      {row('fixedHeader', t('shell.fixedHeader'))}
      {row('sidebarLogo', t('shell.sidebarLogo'))}
      <Divider style={{ margin: '8px 0' }} />
      <Button block onClick={settings.reset}>
        {t('shell.resetSettings')}
      </Button>
    </Drawer>
  );
}
