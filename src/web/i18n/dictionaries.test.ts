import { afterEach, describe, expect, it } from 'vitest';
import { i18n, i18nReady, loadDictionaries, setLanguage } from './index';

describe('an area’s texts', () => {
  afterEach(() => setLanguage('zh'));

  it('load in the UI’s language only, and in the other once it is chosen', async () => {
    await i18nReady;
    await loadDictionaries('goods');
    expect(i18n.t('goods:title')).toBe('商品列表');
    // The English texts (1.7 KiB for goods) are not fetched for a Chinese UI.
    expect(i18n.hasResourceBundle('en', 'goods')).toBe(false);

    await setLanguage('en');
    expect(i18n.t('goods:title')).toBe('Goods');
    // An area opened under English has both: Chinese is the fallback.
    await loadDictionaries('broker');
    expect(i18n.hasResourceBundle('en', 'broker')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'broker')).toBe(true);
  });
});
