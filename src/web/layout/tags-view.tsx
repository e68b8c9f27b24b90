import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, theme } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { CONTEXT_MENU_WIDTH } from '../../shared/constants';
import { routeTitle } from '../i18n';
import { useTagsView, type VisitedView } from '../stores/tags-view';

/** The strip of visited views (spec §2/§4): click opens, middle-click closes, right-click menu. */
export function TagsView() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const location = useLocation();
  const visited = useTagsView((state) => state.visited);
  const activeRef = useRef<HTMLAnchorElement | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the active tab changes.
  useEffect(() => {
    // After the frame that shows the view: scrolling measures the page, and measuring it in the
    // middle of a tab switch would lay it out twice.
    const timer = setTimeout(() =>
      activeRef.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
    return () => clearTimeout(timer);
  }, [location.pathname, visited.length]);

  function goToLast(left: VisitedView[]) {
    const last = left[left.length - 1];
    navigate(last ? last.fullPath : '/');
  }

  function close(view: VisitedView) {
    if (view.affix) return;
    const left = useTagsView.getState().closeView(view.path);
    if (view.path === location.pathname) goToLast(left);
  }

  function refresh(view: VisitedView) {
    useTagsView.getState().refreshView(view.path);
    navigate(`/redirect${view.fullPath}`, { replace: true });
  }

  function closeOthers(view: VisitedView) {
    useTagsView.getState().closeOthers(view.path);
    if (view.path !== location.pathname) navigate(view.fullPath);
  }

  function closeAll(view: VisitedView) {
    useTagsView.getState().closeAll();
    const left = useTagsView.getState().visited;
    if (left.some((v) => v.path === location.pathname) && view.affix) return;
    goToLast(left);
  }

  return (
    <div
      role="tablist"
      aria-label="tags"
      style={{
        display: 'flex',
        gap: 4,
        height: 34,
        alignItems: 'center',
        padding: '0 8px',
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        boxShadow: '0 1px 3px 0 rgba(0,0,0,.08)',
      }}
    >
      {visited.map((view) => {
        const active = view.path === location.pathname;
        return (
          <Dropdown
            key={view.path}
            trigger={['contextMenu']}
            menu={{
              style: { width: CONTEXT_MENU_WIDTH },
              items: [
                { key: 'refresh', label: t('tags.refresh'), onClick: () => refresh(view) },
                ...(view.affix
                  ? []
                  : [{ key: 'close', label: t('tags.close'), onClick: () => close(view) }]),
                { key: 'others', label: t('tags.closeOthers'), onClick: () => closeOthers(view) },
                { key: 'all', label: t('tags.closeAll'), onClick: () => closeAll(view) },
              ],
            }}
          >
            <a
              ref={active ? activeRef : undefined}
              href={view.fullPath}
              role="tab"
              aria-label={routeTitle(view.title)}
              aria-selected={active}
              data-path={view.path}
              onClick={(event) => {
                event.preventDefault();
                navigate(view.fullPath);
              }}
              onMouseUp={(event) => {
                if (event.button === 1) close(view);
              }}
              style={{
                display: 'inline-flex',
                alignItems: 'center',
                gap: 4,
                height: 26,
                padding: '0 8px',
                fontSize: 12,
                border: `1px solid ${active ? token.colorPrimary : token.colorBorder}`,
                background: active ? token.colorPrimary : token.colorBgContainer,
                color: active ? '#fff' : token.colorText,
                borderRadius: 2,
              }}
            >
              {active && (
                <span
                  style={{
                    width: 8,
                    height: 8,
                    borderRadius: '50%',
                    background: '#fff',
                    display: 'inline-block',
                  }}
                />
              )}
              {routeTitle(view.title)}
              {!view.affix && (
                <button
                  type="button"
                  tabIndex={-1}
                  aria-label={t('tags.close')}
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
                    close(view);
                  }}
                >
                  <CloseOutlined aria-hidden style={{ fontSize: 10 }} />
                </button>
              )}
            </a>
          </Dropdown>
        );
      })}
    </div>
  );
}
