import {
  BugOutlined,
  ColumnHeightOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Tooltip } from 'antd';
import Input from 'antd/es/input/Input';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastWarning } from '../api/feedback';
import { SIZES, type Size, useApp } from '../stores/app';
import { useErrorLog } from '../stores/error-log';

// The open search (Select + fuse.js) and the error-log dialog (Modal + Table) are chunks of
// their own: the shell shows a button for each, and most visits never open them.
const loadSearchBox = () => import('./header-search-box');
const HeaderSearchBox = lazy(loadSearchBox);
const ErrorLogDialog = lazy(() => import('./error-log-dialog'));

/** Header search over the permitted routes; `/` or Ctrl+K focuses it. */
export function HeaderSearch() {
  const { t } = useTranslation();
  const mobile = useApp((state) => state.device === 'mobile');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');

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
          onPointerEnter={loadSearchBox}
          onFocus={loadSearchBox}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
    );
  }
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  // On a phone the open box lies over the top bar rather than pushing the avatar off screen.
  const width = mobile ? '100%' : 240;
  // Until the Select's chunk is in, a plain input of the same size keeps what is typed (no
  // onBlur: it unmounts while focused when the Select takes over).
  const typing = (
    <Input
      autoFocus
      value={query}
      onChange={(event) => setQuery(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      aria-label={t('shell.search')}
      placeholder={t('shell.searchPlaceholder')}
      style={{ width }}
    />
  );
  return (
    <span
      style={
        mobile
          ? { position: 'absolute', insetInline: 8, top: 9, zIndex: 20, display: 'flex' }
          : undefined
      }
    >
      <Suspense fallback={typing}>
        <HeaderSearchBox query={query} onQuery={setQuery} onClose={close} width={width} />
      </Suspense>
    </span>
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
      {wasOpen.current && (
        <Suspense fallback={null}>
          <ErrorLogDialog
            open={open}
            logs={logs}
            onClose={() => setOpen(false)}
            onClear={() => {
              clear();
              setOpen(false);
            }}
          />
        </Suspense>
      )}
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
