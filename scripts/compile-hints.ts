import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * Marks the chunks that run in full on the way to the dashboard (the entry and the named
 * chunks) with V8's compile hint. Without it V8 compiles a function on the main thread the first
 * time it is called, so the shell's first render after sign-in also compiled most of the shell;
 * with it V8 compiles the file on a background thread while it streams in (the login page
 * fetches the shell ahead of the click). Browsers without the hint read an ordinary comment.
 * Added after minification and Vite's rewrites (generateBundle, last), so no minifier drops it; the file's hash, taken
 * before, stays a function of the same content.
 */
export function compileHints(names: string[]): Plugin {
  const wanted = new Set(names);
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    // After Vite's own rewrites, which put the preload list at the very top of a chunk.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !(file.isEntry || wanted.has(file.name))) continue;
          if (file.map)
            this.error(`compile-hints: ${file.fileName} has a source map it would shift`);
          file.code = COMPILE_HINT + file.code;
        }
      },
    },
  };
}
