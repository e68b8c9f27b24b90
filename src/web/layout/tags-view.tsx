import { CloseOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Dropdown, theme } from 'antd';
import {
  type MouseEvent,
  memo,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { type UseTranslationOptions, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CONTEXT_MENU_WIDTH } from '../../shared/constants';
import { dynamicKey, i18n, loadDictionaries, routeTitle } from '../i18n';
import { useTagsView, type VisitedView } from '../stores/tags-view';

/**
 * The strip of visited views (spec §2/§4): click opens, middle-click closes, right-click menu.
 * One context menu serves the whole strip (it opens for the tab pressed), and each tab renders
 * again only when it turns active or inactive: a tab switch touches two tabs, not every one.
 */
export function TagsView() {
  const { t } = useTranslation(undefined, LISTEN_ADDED);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const visited = useTagsView((state) => state.visited);
  const activeRef = useRef<HTMLAnchorElement | null>(null);
  const [menuFor, setMenuFor] = useState<VisitedView | null>(null);
  const stripRef = useRef<HTMLDivElement | null>(null);
  // Whether tabs are hidden past either end of the strip: arrows and a menu of all tabs show then.
  const [overflow, setOverflow] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const left = strip.scrollLeft > 1;
    const right = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
    setOverflow((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when tabs come or go.
  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => observer.disconnect();
  }, [measure, visited.length]);
  const scrollBy = (direction: number) => {
    const strip = stripRef.current;
    strip?.scrollBy({ left: direction * strip.clientWidth * 0.8, behavior: 'smooth' });
  };
  // The callbacks the tabs keep read the current path here, so they need not change with it.
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the active tab changes.
  useEffect(() => {
    // After the frame that shows the view has been painted (a task queued from the frame's
    // callback): scrolling measures the page, which by then is laid out already. Measured before
    // that frame, it would lay the newly shown view out in the middle of the switch.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() =>
        activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
      );
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [location.pathname, visited.length]);

  const goToLast = useCallback(
    (left: VisitedView[]) => {
      const last = left[left.length - 1];
      navigate(last ? last.fullPath : '/');
    },
    [navigate],
  );

  const close = useCallback(
    (view: VisitedView) => {
      if (view.affix) return;
      const left = useTagsView.getState().closeView(view.path);
      if (view.path === pathname.current) goToLast(left);
    },
    [goToLast],
  );

  // Shown within the click: the switch is a few milliseconds of rendering (the view was kept with
  // its layout), and rendering it in a transition let a frame go by first.
  const open = useCallback(
    (view: VisitedView) => navigate(view.fullPath, { flushSync: true }),
    [navigate],
  );

  function refresh(view: VisitedView) {
    useTagsView.getState().refreshView(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  }

  function closeOthers(view: VisitedView) {
    useTagsView.getState().closeOthers(view.path);
    if (view.path !== location.pathname) navigate(view.fullPath);
  }

  function closeSide(view: VisitedView, side: 'left' | 'right') {
    useTagsView.getState().closeSide(view.path, side);
    const left = useTagsView.getState().visited;
    if (!left.some((v) => v.path === location.pathname)) navigate(view.fullPath);
  }

  function closeAll(view: VisitedView) {
    useTagsView.getState().closeAll();
    const left = useTagsView.getState().visited;
    if (left.some((v) => v.path === location.pathname) && view.affix) return;
    goToLast(left);
  }

  /** A right-click opens the menu for the tab under the pointer; elsewhere on the strip, none. */
  function onContextMenu(event: MouseEvent) {
    const path = (event.target as HTMLElement).closest('[data-path]')?.getAttribute('data-path');
    const view = visited.find((v) => v.path === path);
    if (!view) return;
    event.preventDefault();
    setMenuFor(view);
  }

  return (
    <Dropdown
      trigger={['contextMenu']}
      open={!!menuFor}
      onOpenChange={(next) => {
        if (!next) setMenuFor(null);
      }}
      menu={{
        style: { minWidth: CONTEXT_MENU_WIDTH },
        items: menuFor
          ? [
              { key: 'refresh', label: t('tags.refresh'), onClick: () => refresh(menuFor) },
              ...(menuFor.affix
                ? []
                : [{ key: 'close', label: t('tags.close'), onClick: () => close(menuFor) }]),
              {
                key: 'left',
                label: t('tags.closeLeft'),
                onClick: () => closeSide(menuFor, 'left'),
              },
              {
                key: 'right',
                label: t('tags.closeRight'),
                onClick: () => closeSide(menuFor, 'right'),
              },
              {
                key: 'others',
                label: t('tags.closeOthers'),
                onClick: () => closeOthers(menuFor),
              },
              { key: 'all', label: t('tags.closeAll'), onClick: () => closeAll(menuFor) },
            ]
          : [],
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          height: 34,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        {overflow.left && (
          <Button
            type="text"
            size="small"
            icon={<LeftOutlined />}
            aria-label={t('tags.scrollLeft')}
            onClick={() => scrollBy(-1)}
          />
        )}
        <div
          ref={stripRef}
          role="tablist"
          aria-label="tags"
          className="tags-view__strip"
          onContextMenu={onContextMenu}
          onScroll={measure}
          onWheel={(event) => {
            // A mouse wheel scrolls the strip sideways.
            if (event.deltaY && !event.deltaX) event.currentTarget.scrollLeft += event.deltaY;
          }}
          style={{
            display: 'flex',
            flex: 1,
            minWidth: 0,
            gap: 4,
            height: '100%',
            alignItems: 'center',
            padding: '0 8px',
            overflowX: 'auto',
            scrollbarWidth: 'none',
            whiteSpace: 'nowrap',
          }}
        >
          {visited.map((view) => {
            const active = view.path === location.pathname;
            return (
              <Tag
                key={view.path}
                view={view}
                active={active}
                activeRef={active ? activeRef : undefined}
                onOpen={open}
                onClose={close}
              />
            );
          })}
        </div>
        {(overflow.left || overflow.right) && (
          <>
            {overflow.right && (
              <Button
                type="text"
                size="small"
                icon={<RightOutlined />}
                aria-label={t('tags.scrollRight')}
                onClick={() => scrollBy(1)}
              />
            )}
            <Dropdown
              trigger={['click']}
              menu={{
                selectable: true,
                selectedKeys: [location.pathname],
                items: visited.map((view) => ({ key: view.path, label: tabTitle(view) })),
                onClick: ({ key }) => {
                  const view = visited.find((v) => v.path === key);
                  if (view) open(view);
                },
              }}
            >
              <Button
                type="text"
                size="small"
                icon={<DownOutlined />}
                aria-label={t('tags.allTabs')}
                style={{ marginRight: 4 }}
              />
            </Dropdown>
          </>
        )}
      </div>
    </Dropdown>
  );
}

/** Render again when an area's texts are added (react-i18next's option; its types omit it). */
const LISTEN_ADDED = { bindI18nStore: 'added' } as UseTranslationOptions<undefined>;

/**
 * A tab's title: the one its screen gave it, else its route's. A title from an area's own texts
 * (`article:new`) whose dictionary is not loaded yet (the tab came back with a reload) asks for
 * it; the tabs show again once it is in (they listen for added texts).
 */
export function tabTitle(view: Pick<VisitedView, 'title' | 'label'>): string {
  if (!view.label) return routeTitle(view.title);
  const [area, key] = view.label.key.split(':');
  if (key && area && !i18n.hasResourceBundle(i18n.language, area)) {
    void loadDictionaries(area).catch(() => {});
    return routeTitle(view.title);
  }
  return i18n.t(dynamicKey(view.label.key), view.label.values);
}

const Tag = memo(function Tag({
  view,
  active,
  activeRef,
  onOpen,
  onClose,
}: {
  view: VisitedView;
  active: boolean;
  activeRef: RefObject<HTMLAnchorElement | null> | undefined;
  onOpen(view: VisitedView): void;
  onClose(view: VisitedView): void;
}) {
  const { t } = useTranslation(undefined, LISTEN_ADDED);
  const { token } = theme.useToken();
  return (
    <a
      ref={activeRef}
      href={view.fullPath}
      role="tab"
      aria-label={tabTitle(view)}
      aria-selected={active}
      data-path={view.path}
      onClick={(event) => {
        event.preventDefault();
        onOpen(view);
      }}
      onMouseUp={(event) => {
        if (event.button === 1) onClose(view);
      }}
      // The close mark is the mouse's (a button inside a tab is a focusable in an interactive):
      // the keyboard closes the focused tab with Delete.
      onKeyDown={(event) => {
        if (event.key === 'Delete' && !view.affix) {
          event.preventDefault();
          onClose(view);
        }
      }}
      aria-keyshortcuts={view.affix ? undefined : 'Delete'}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 4,
        height: 26,
        padding: '0 8px',
        fontSize: 12,
        border: `1px solid ${active ? token.colorPrimary : token.colorBorder}`,
        background: active ? token.colorPrimary : token.colorBgContainer,
        color: active ? token.colorTextLightSolid : token.colorText,
        borderRadius: 2,
      }}
    >
      {active && (
        <span
          style={{
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: token.colorTextLightSolid,
            display: 'inline-block',
          }}
        />
      )}
      {tabTitle(view)}
      {!view.affix && (
        <span
          aria-hidden
          title={t('tags.close')}
          style={{
            display: 'inline-flex',
            padding: 2,
            border: 0,
            background: 'none',
            color: 'inherit',
            cursor: 'pointer',
          }}
          onClick={(event) => {
            event.preventDefault();
            event.stopPropagation();
            onClose(view);
          }}
        >
          <CloseOutlined style={{ fontSize: 10 }} />
        </span>
      )}
    </a>
  );
});
