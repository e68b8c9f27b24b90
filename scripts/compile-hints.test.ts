import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints } from './compile-hints';

type Handler = (this: unknown, options: unknown, bundle: Record<string, unknown>) => void;

function run(plugin: Plugin, bundle: Record<string, unknown>, context: unknown = {}) {
  const hook = plugin.generateBundle as { handler: Handler };
  hook.handler.call(context, {}, bundle);
}

const chunk = (name: string, isEntry = false, map: unknown = null) => ({
  type: 'chunk',
  name,
  isEntry,
  fileName: `assets/${name}.js`,
  code: 'export{};',
  map,
});

describe('compileHints', () => {
  it('marks the entry and the named chunks, nothing else', () => {
    const bundle = {
      entry: chunk('index', true),
      shell: chunk('shell'),
      editor: chunk('rich-text-editor'),
      css: { type: 'asset', name: 'shell.css', fileName: 'assets/shell.css', source: 'a{}' },
    };
    run(compileHints(['shell']), bundle);
    expect(bundle.entry.code).toBe(`${COMPILE_HINT}export{};`);
    expect(bundle.shell.code).toBe(`${COMPILE_HINT}export{};`);
    expect(bundle.editor.code).toBe('export{};');
    expect(bundle.css.source).toBe('a{}');
  });

  it('runs after the other plugins and refuses a chunk with a source map it would shift', () => {
    const plugin = compileHints(['shell']);
    expect(plugin.enforce).toBe('post');
    expect((plugin.generateBundle as { order: string }).order).toBe('post');
    const error = (message: string) => {
      throw new Error(message);
    };
    expect(() => run(plugin, { shell: chunk('shell', false, {}) }, { error })).toThrow(
      /source map/,
    );
  });
});
