import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { routeCatalog } from '../../shared/routes';
import { matchScreen, type ScreenRoute, screenRoutes } from '../app/route-index';
import { hasScreen } from '../app/screens';
import { LazyResult } from '../kit/lazy-result';

let catalogScreens: ScreenRoute[] | undefined;

/** A screen of this product the signed-in account may not open (→ 401, not 404). */
export function isKnownScreen(pathname: string): boolean {
  catalogScreens ??= screenRoutes(routeCatalog).filter(({ route }) => hasScreen(route.name));
  return !!matchScreen(catalogScreens, pathname);
}

/**
 * The 401 page inside the shell: the menu, the tabs and the top bar stay, and the buttons lead
 * back (to the page before, when there is one in this app) or to the dashboard.
 */
export function ForbiddenView() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router numbers its history entries: 0 is the first page of this visit.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <div data-testid="forbidden" className="view-host__view">
      <LazyResult
        status="403"
        title={t('error.forbiddenTitle')}
        subTitle={t('error.forbidden')}
        extra={[
          canGoBack && (
            <Button key="back" onClick={() => navigate(-1)}>
              {t('error.back')}
            </Button>
          ),
          <Button key="home" type="primary" onClick={() => navigate('/dashboard')}>
            {t('error.backHome')}
          </Button>,
        ]}
      />
    </div>
  );
}
