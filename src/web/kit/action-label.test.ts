import { describe, expect, it } from 'vitest';
import { OPERATION_ACTIONS } from '../../shared/operation-log';
import { i18n, loadAllDictionaries } from '../i18n';
import { actionLabel } from './action-label';

describe('actionLabel', () => {
  it('says every action the log records in Chinese, a resource’s from its own texts', async () => {
    await i18n.changeLanguage('zh');
    await loadAllDictionaries();
    expect(actionLabel('customer.create')).toBe('新增客户');
    expect(actionLabel('article.publish')).toBe('发布文章');
    expect(actionLabel('article.')).toBe('文章（全部）');
    expect(actionLabel('goods-upc.import')).toBe('批量导入 UPC 码');
    expect(actionLabel('auth.login')).toBe('登录');
    for (const action of OPERATION_ACTIONS) {
      const label = actionLabel(action);
      expect(label, action).not.toBe(action);
      expect(label, action).not.toMatch(/[a-z]\.[a-z]|oplog\./);
    }
  });
});
