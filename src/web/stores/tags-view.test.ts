import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsView } from './tags-view';

const view = (path: string, affix = false) => ({
  path,
  fullPath: path,
  name: path.slice(1),
  title: path,
  affix,
});

describe('tags view store', () => {
  beforeEach(() => useTagsView.setState({ visited: [], generation: {} }));

  it('adds a path once, remembering its latest query', () => {
    const { addView } = useTagsView.getState();
    addView(view('/dashboard', true));
    addView(view('/client-list'));
    addView({ ...view('/client-list'), fullPath: '/client-list?page=3' });
    const visited = useTagsView.getState().visited;
    expect(visited.map((v) => v.path)).toEqual(['/dashboard', '/client-list']);
    expect(visited[1]?.fullPath).toBe('/client-list?page=3');
  });

  it('puts a pinned tab after the pinned ones, before the tabs already open', () => {
    const { addView } = useTagsView.getState();
    addView(view('/dashboard', true));
    addView(view('/client-list'));
    addView(view('/documentation/index', true));
    expect(useTagsView.getState().visited.map((v) => v.path)).toEqual([
      '/dashboard',
      '/documentation/index',
      '/client-list',
    ]);
  });

  it('keeps pinned tabs on close, close others and close all', () => {
    const state = useTagsView.getState();
    for (const v of [view('/dashboard', true), view('/a'), view('/b'), view('/c')])
      state.addView(v);
    expect(state.closeView('/dashboard').map((v) => v.path)).toEqual([
      '/dashboard',
      '/a',
      '/b',
      '/c',
    ]);
    expect(state.closeView('/b').map((v) => v.path)).toEqual(['/dashboard', '/a', '/c']);
    state.closeOthers('/c');
    expect(useTagsView.getState().visited.map((v) => v.path)).toEqual(['/dashboard', '/c']);
    state.closeAll();
    expect(useTagsView.getState().visited.map((v) => v.path)).toEqual(['/dashboard']);
    state.closeAll(true);
    expect(useTagsView.getState().visited).toEqual([]);
  });

  it('persists open tabs in session storage', () => {
    useTagsView.getState().addView(view('/a'));
    expect(sessionStorage.getItem('tags-view')).toContain('"/a"');
  });

  it('closes the tabs left or right of one, keeping the pinned ones', () => {
    const state = useTagsView.getState();
    for (const v of [view('/dashboard', true), view('/a'), view('/b'), view('/c'), view('/d')])
      state.addView(v);
    state.closeSide('/b', 'left');
    expect(useTagsView.getState().visited.map((v) => v.path)).toEqual([
      '/dashboard',
      '/b',
      '/c',
      '/d',
    ]);
    state.closeSide('/c', 'right');
    expect(useTagsView.getState().visited.map((v) => v.path)).toEqual(['/dashboard', '/b', '/c']);
  });

  it('takes the title a screen gives its tab', () => {
    const state = useTagsView.getState();
    state.addView(view('/article-store/1'));
    state.setLabel('/article-store/1', { key: 'article.newTitle' });
    expect(useTagsView.getState().visited[0]?.label).toEqual({ key: 'article.newTitle' });
  });
});
