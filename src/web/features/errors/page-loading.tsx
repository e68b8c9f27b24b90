import { useTranslation } from 'react-i18next';
import './page-loading.css';

/** Shown while a session or a lazy screen loads. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={t('app.loading')}
      className={fullscreen ? 'page-loading page-loading--fullscreen' : 'page-loading'}
    >
      <span className="page-loading__ring" />
    </div>
  );
}
