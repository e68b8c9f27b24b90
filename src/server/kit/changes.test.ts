import { describe, expect, it } from 'vitest';
import { changedFields } from './changes';

describe('changedFields', () => {
  it('lists only what changed, old and new', () => {
    expect(
      changedFields(
        { title: 'a', views: 1, tags: ['x'] },
        { title: 'b', views: 1, tags: ['x', 'y'] },
        ['title', 'views', 'tags'],
      ),
    ).toEqual({ title: ['a', 'b'], tags: [['x'], ['x', 'y']] });
  });
  it('compares dates by instant and hides secrets', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    expect(
      changedFields(
        { at, password: 'x' },
        { at: '2026-01-01T00:00:00.000Z', password: 'y' },
        ['at', 'password'],
        ['password'],
      ),
    ).toEqual({ password: ['***', '***'] });
  });
  it('compares structured values whatever order their keys come in, as jsonb keeps them', () => {
    const stored = [{ area: '89.5', image: '', price: '350', layout: '三室' }];
    const sent = [{ layout: '三室', area: '89.5', price: '350', image: '' }];
    expect(changedFields({ unitTypes: stored }, { unitTypes: sent }, ['unitTypes'])).toEqual({});
    expect(
      changedFields({ unitTypes: stored }, { unitTypes: [{ ...sent[0], price: '360' }] }, [
        'unitTypes',
      ]),
    ).toHaveProperty('unitTypes');
  });
  it('shortens long text', () => {
    const [, after] = changedFields({ body: '' }, { body: 'x'.repeat(500) }, ['body']).body ?? [];
    expect(String(after)).toHaveLength(201);
  });
});
