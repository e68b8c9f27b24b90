import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import { App, Card, Empty, Input, Segmented, Space, Tooltip, Typography, theme } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ICON_THEMES, type IconTheme, iconJsx, iconNames, matchIcons } from './icon-names';

/**
 * Every icon's definition (pure data), drawn by antd's own icon component: the same icons as
 * @ant-design/icons' components, without their 1,500 modules (which the bundler folded into the
 * shell's chunk, since the shell uses some of them).
 */
const definitions = (await import('@ant-design/icons-svg')) as unknown as Record<
  string,
  IconDefinition
>;
const all = iconNames(definitions);

/**
 * Template demo /icon/index: every icon of @ant-design/icons (this chunk alone carries them),
 * searched by name; a click copies its JSX.
 */
/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export default function IconPage() {
  const { t } = useTranslation('demos');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [kind, setKind] = useState<IconTheme>('Outlined');
  const [search, setSearch] = useState('');
  const shown = useMemo(() => matchIcons(all[kind], search), [kind, search]);
  const copy = async (name: string) => {
    try {
      await navigator.clipboard.writeText(iconJsx(name));
      void message.success(t('icon.copied', { jsx: iconJsx(name) }));
    } catch {
      void message.error(t('clipboard.failed'));
    }
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={kind}
          onChange={(value) => setKind(value as IconTheme)}
          options={ICON_THEMES.map((value) => ({
            value,
            label: `${t(`icon.${value}`)} (${all[value].length})`,
          }))}
        />
        <Input.Search
          aria-label={t('icon.search')}
          placeholder={t('icon.search')}
          allowClear
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ width: 260 }}
        />
      </Space>
      {shown.length === 0 ? (
        <Empty />
      ) : (
        <div
          style={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
            gap: 8,
          }}
        >
          {shown.map((name) => {
            return (
              <Tooltip key={name} title={iconJsx(name)}>
                <button
                  type="button"
                  onClick={() => void copy(name)}
                  style={{
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    gap: 8,
                    padding: '12px 4px',
                    border: `1px solid ${token.colorBorderSecondary}`,
                    borderRadius: token.borderRadius,
                    background: token.colorBgContainer,
                    color: token.colorText,
                    cursor: 'pointer',
                  }}
                >
                  <AntdIcon icon={definitions[name]!} style={{ fontSize: 24 }} />
                  {/* Named by the icon's whole name; shown without its style's suffix. */}
                  <Typography.Text aria-hidden ellipsis style={{ fontSize: 12, maxWidth: '100%' }}>
                    {name.replace(/(Outlined|Filled|TwoTone)$/, '')}
                  </Typography.Text>
                  <span style={VISUALLY_HIDDEN}>{name}</span>
                </button>
              </Tooltip>
            );
          })}
        </div>
      )}
    </Card>
  );
}
