import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './spa';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script exactly as written, and skips scripts loaded by src', () => {
    const html =
      '<head><script>a()</script><script type="module" crossorigin src="/x.js"></script>' +
      '<script type="text/javascript">\n b() </script></head>';
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\n b() ')]);
  });

  it('finds none in a page without inline scripts', () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><div></div>')).toEqual([]);
  });
});
