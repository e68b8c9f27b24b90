import {
  BugOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Modal, Select, Table, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toastWarning } from '../api/feedback';
import { routeTitle } from '../i18n';
import { SIZES, type Size, useApp } from '../stores/app';
import { useErrorLog } from '../stores/error-log';
import { useSession } from '../stores/session';
import { searchIndex, searchPool } from './search-pool';

/** Header search over the permitted routes; `/` or Ctrl+K focuses it. */
export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const routes = useSession((state) => state.routes);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: titles follow the language.
  const index = useMemo(() => searchIndex(searchPool(routes, routeTitle)), [routes, i18n.language]);
  const options = useMemo(
    () =>
      query ? index.search(query).map(({ item }) => ({ value: item.path, label: item.title })) : [],
    [index, query],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable;
      if (
        (event.key === 'k' && (event.ctrlKey || event.metaKey)) ||
        (event.key === '/' && !typing)
      ) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!open) {
    return (
      <Tooltip title={t('shell.search')}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('shell.search')}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
    );
  }
  return (
    <Select
      autoFocus
      defaultOpen
      showSearch={{ filterOption: false, onSearch: setQuery }}
      aria-label={t('shell.search')}
      placeholder={t('shell.searchPlaceholder')}
      options={options}
      notFoundContent={null}
      style={{ width: 240 }}
      onBlur={() => {
        setOpen(false);
        setQuery('');
      }}
      onChange={(path: string) => {
        setOpen(false);
        setQuery('');
        if (/^(https?:|mailto:|tel:)/.test(path)) window.open(path, '_blank', 'noopener');
        else navigate(path);
      }}
    />
  );
}

export function FullscreenToggle() {
  const { t } = useTranslation();
  const [full, setFull] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const sync = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (!document.fullscreenEnabled) {
      toastWarning(t('shell.fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  const label = full ? t('shell.exitFullscreen') : t('shell.fullscreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}

export function SizeSelect() {
  const { t } = useTranslation();
  const size = useApp((state) => state.size);
  const setSize = useApp((state) => state.setSize);
  return (
    <Dropdown
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((key) => ({ key, label: t(`shell.sizes.${key}`) })),
        onClick: ({ key }) => setSize(key as Size),
      }}
    >
      <Button type="text" aria-label={t('shell.size')} icon={<ColumnHeightOutlined />} />
    </Dropdown>
  );
}

/** The bug badge: shown only when errors were caught; opens them with Clear All. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const logs = useErrorLog((state) => state.logs);
  const clear = useErrorLog((state) => state.clear);
  const [open, setOpen] = useState(false);
  const wasOpen = useRef(false);
  if (open) wasOpen.current = true;
  if (logs.length === 0 && !open) return null;
  return (
    <>
      <Badge count={logs.length} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          danger
          aria-label={t('shell.errorLog')}
          icon={<BugOutlined />}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal
        title={t('shell.errorLog')}
        open={open}
        width="80%"
        onCancel={() => setOpen(false)}
        footer={
          <Button
            danger
            onClick={() => {
              clear();
              setOpen(false);
            }}
          >
            {t('shell.clearAll')}
          </Button>
        }
      >
        <Table
          rowKey="at"
          size="small"
          pagination={false}
          dataSource={logs}
          scroll={{ y: 480 }}
          columns={[
            { title: t('shell.errorMessage'), dataIndex: 'message', width: 240 },
            { title: t('shell.errorInfo'), dataIndex: 'info', width: 160 },
            { title: t('shell.errorUrl'), dataIndex: 'url', width: 200, ellipsis: true },
            {
              title: t('shell.errorStack'),
              dataIndex: 'stack',
              render: (stack: string) => (
                <pre style={{ margin: 0, fontSize: 11, whiteSpace: 'pre-wrap' }}>{stack}</pre>
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}

export function SettingsButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t('shell.settings')}>
      <Button
        type="text"
        aria-label={t('shell.settings')}
        icon={<SettingOutlined />}
        onClick={onOpen}
      />
    </Tooltip>
  );
}
