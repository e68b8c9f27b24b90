import { describe, expect, it } from 'vitest';
import { fieldEntries } from '../../shared/resource';
import { invalidValues } from '../../shared/resource-samples';
import { inputSchema } from '../../shared/resource-schema';
import { resources } from '../../shared/resources';
import { i18n } from './index';
import { translateMessage } from './server-messages';

describe('translateMessage', () => {
  it('says known messages in Chinese, with numbers and field prefixes', async () => {
    await i18n.changeLanguage('zh');
    expect(translateMessage('Not an email address')).toBe('邮箱格式不正确');
    expect(translateMessage('At most 64 characters')).toBe('最多 64 个字符');
    expect(translateMessage('title: Title is required')).toBe('请输入标题');
    expect(translateMessage('Article not found')).toBe('未找到该文章，可能已被删除');
    expect(translateMessage('Something new')).toBe('Something new');
    expect(
      translateMessage('Too many failed sign-ins for this account; try again in 30 seconds'),
    ).toBe('该账号登录失败次数过多，请 30 秒后再试');
    expect(
      translateMessage('Too many failed sign-ins for this account; try again in 1 minute'),
    ).toBe('该账号登录失败次数过多，请 1 分钟后再试');
    expect(
      translateMessage('The spreadsheet unpacks to more than 100 MiB; split it into smaller files'),
    ).toBe('表格解压后超过 100 MiB，请拆分为较小的文件');
  });
  it('leaves English as it is', async () => {
    await i18n.changeLanguage('en');
    expect(translateMessage('Not an email address')).toBe('Not an email address');
    await i18n.changeLanguage('zh');
  });
});

describe('the resources’ messages', () => {
  it('every rule of every resource field says why in Chinese', async () => {
    await i18n.changeLanguage('zh');
    let checked = 0;
    for (const resource of resources)
      for (const [key, f] of fieldEntries(resource)) {
        if (f.readOnly) continue;
        for (const value of invalidValues(f)) {
          const result = inputSchema(f).safeParse(value);
          expect(result.success, `${resource.name}.${key}`).toBe(false);
          const message = result.error?.issues[0]?.message ?? '';
          expect(translateMessage(message), `${resource.name}.${key}: ${message}`).not.toBe(
            message,
          );
          checked++;
        }
      }
    expect(checked).toBeGreaterThan(20);
  });
});
