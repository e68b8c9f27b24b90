// After `vite build`: writes platform-info.json (the update check's version hash) and brotli/gzip
// copies of every text asset, which the server sends as they are (no compression per request).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve('dist/web');
const index = readFileSync(path.join(root, 'index.html'));
// index.html names every hashed entry chunk, so its hash changes exactly when the app does.
const versionHash = createHash('sha256').update(index).digest('hex').slice(0, 16);
writeFileSync(path.join(root, 'platform-info.json'), JSON.stringify({ versionHash }));

const compressible = /\.(js|mjs|css|html|svg|json|txt|map|ico|wasm)$/;
let files = 0;
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && name !== 'platform-info.json') compress(file);
  }
}
function compress(file) {
  const data = readFileSync(file);
  if (data.length < 1024) return;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  files++;
}
walk(root);
console.log(`postbuild: versionHash ${versionHash}, ${files} files pre-compressed (br, gz)`);
