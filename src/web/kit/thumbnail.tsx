import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ImagePreview = lazy(() => import('./image-preview'));

/**
 * A small image in a list row that opens antd's viewer when pressed. The viewer's code loads on
 * the first press, not with every list; the thumbnail itself loads as it scrolls into view.
 */
export function Thumbnail({ src, width, height }: { src: string; width: number; height: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="thumbnail"
        aria-label={t('kit.preview')}
        onClick={() => setOpen(true)}
      >
        <img src={src} width={width} height={height} alt="" loading="lazy" decoding="async" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ImagePreview src={src} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
