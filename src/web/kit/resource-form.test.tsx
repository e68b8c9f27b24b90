import { describe, expect, it } from 'vitest';
import { image, images, text } from '../../shared/resource';
import type { AreaTFunction } from '../i18n/keys';
import { rulesOf } from './resource-form';

/** The key and label a message was asked with. */
const t = ((key: string, options: { label: string }) =>
  `${key} ${options.label}`) as unknown as AreaTFunction;
const requiredMessage = (rules: ReturnType<typeof rulesOf>) =>
  (rules[0] as { message?: string }).message;

describe('a required field’s message', () => {
  it('asks to upload an image, and to enter a text', () => {
    expect(requiredMessage(rulesOf(image({ required: true }), '图片', t))).toBe(
      'translation:kit.requiredUpload 图片',
    );
    expect(requiredMessage(rulesOf(images({ required: true }), '商品图片', t))).toBe(
      'translation:kit.requiredUpload 商品图片',
    );
    expect(requiredMessage(rulesOf(text({ required: true }), '名称', t))).toBe(
      'translation:kit.required 名称',
    );
  });
});
