import { describe, expect, it, vi } from 'vitest';
import { keepEnterInDatePickers } from './form-keys';

const keyIn = (key: string, html: string) => {
  document.body.innerHTML = `<form>${html}</form>`;
  const target = document.querySelector('input')!;
  const preventDefault = vi.fn();
  keepEnterInDatePickers({ key, target, preventDefault } as never);
  return preventDefault;
};

describe('a form’s keys', () => {
  it('keeps Enter in a date picker from submitting the form', () => {
    expect(keyIn('Enter', '<div class="ant-picker"><input /></div>')).toHaveBeenCalled();
  });
  it('leaves Enter in another field, and other keys in a picker, alone', () => {
    expect(keyIn('Enter', '<input />')).not.toHaveBeenCalled();
    expect(keyIn('Tab', '<div class="ant-picker"><input /></div>')).not.toHaveBeenCalled();
  });
});
