let loading: Promise<void> | undefined;

/**
 * Loads antd's styles for the shell and the dashboard, generated at build time
 * (scripts/antd-styles.tsx) and named in index.html, so antd does not generate them in the
 * browser. Resolves when they apply, at once where there are none (dev, tests), and never
 * rejects: without the file antd generates every style itself, as it always could. The link goes
 * first in <head>, where antd puts its own styles, so the app's CSS still comes after antd's.
 */
export function loadAntdStyles(): Promise<void> {
  if (loading) return loading;
  const href = document.querySelector<HTMLMetaElement>('meta[name="antd-styles"]')?.content;
  if (!href) {
    loading = Promise.resolve();
    return loading;
  }
  loading = new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.onload = () => resolve();
    link.onerror = () => {
      link.remove();
      resolve();
    };
    document.head.prepend(link);
  });
  return loading;
}
