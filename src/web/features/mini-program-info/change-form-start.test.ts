import { describe, expect, it } from 'vitest';
import { changeFormStart } from './change-form-start';

const live = { name: '', avatar: '', intro: '', categories: [] };
const submitted = {
  id: 7,
  name: '西湖茶馆',
  avatar: '/uploads/1/avatar.png',
  intro: '杭州西湖边的茶馆',
  categories: ['food-drinks'] as ['food-drinks'],
};

describe('the info change form’s first values', () => {
  it('are the change the platform rejected, as submitted, not the empty live info', () => {
    expect(changeFormStart(live, { ...submitted, status: 'rejected' })).toEqual({
      name: '西湖茶馆',
      avatar: '/uploads/1/avatar.png',
      intro: '杭州西湖边的茶馆',
      categories: ['food-drinks'],
    });
  });
  it('are the live info once the latest change was approved, or with none', () => {
    const now = { ...live, name: '湖畔茶馆', categories: ['food-fastFood'] };
    expect(changeFormStart(now, { ...submitted, status: 'approved' }).name).toBe('湖畔茶馆');
    expect(changeFormStart(now, null)).toMatchObject({
      name: '湖畔茶馆',
      categories: ['food-fastFood'],
    });
  });
});
