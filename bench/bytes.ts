import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import {
  BENCH_PASSWORD,
  kib,
  launchChromium,
  ROOT,
  saveResults,
  startServer,
  table,
} from './support';

const DIST = path.join(ROOT, 'dist', 'web');

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
const sizeOf = (file: string): Size => {
  const data = readFileSync(path.join(DIST, file));
  return {
    raw: data.length,
    gzip: gzipSync(data, { level: 9 }).length,
    brotli: brotliCompressSync(data).length,
  };
};
const sum = (files: string[]) =>
  files
    .map(sizeOf)
    .reduce(
      (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }),
      { raw: 0, gzip: 0, brotli: 0 },
    );

/** What each page loads (JS and CSS), measured by loading it in Chromium; sizes from the files. */
export async function bytes() {
  if (!existsSync(path.join(DIST, 'index.html')))
    execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
  const dataDir = path.join('/tmp', `ma-bench-bytes-${process.pid}`);
  const server = await startServer({ DATA_DIR: dataDir }, 4391);
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    let loaded = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (/\.(js|css)$/.test(url.pathname)) loaded.add(url.pathname.replace(/^\//, ''));
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const login = [...loaded];
    loaded = new Set();
    await page.getByPlaceholder('请输入账号').fill('admin');
    await page.getByPlaceholder('请输入密码').fill(BENCH_PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByTestId('account-menu').waitFor();
    await page.waitForLoadState('networkidle');
    const shell = [...new Set([...login, ...loaded])];
    loaded = new Set();
    await page.goto(`${server.url}/article-news`, { waitUntil: 'networkidle' });
    await page.locator('.ant-table').waitFor();
    const list = [...loaded];

    const js = (files: string[]) => files.filter((f) => f.endsWith('.js'));
    const css = (files: string[]) => files.filter((f) => f.endsWith('.css'));
    const pages = { login, shellDashboard: shell, articleList: list };
    const figures: Record<string, unknown> = {};
    const rows: (string | number)[][] = [
      ['page', 'JS raw KiB', 'JS gzip KiB', 'JS br KiB', 'CSS gzip KiB', 'budget'],
    ];
    const budgets: Record<string, string> = {
      login: '≤ 160 gzip',
      shellDashboard: '',
      articleList: '≤ 350 gzip',
    };
    for (const [name, files] of Object.entries(pages)) {
      const j = sum(js(files));
      const c = sum(css(files));
      figures[name] = { js: j, css: c, files };
      rows.push([name, kib(j.raw), kib(j.gzip), kib(j.brotli), kib(c.gzip), budgets[name] ?? '']);
    }
    const manifest = JSON.parse(
      readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; name?: string }>;
    const big = Object.values(manifest)
      .map((chunk) => ({ name: chunk.name ?? chunk.file, file: chunk.file, ...sizeOf(chunk.file) }))
      .filter((c) => c.file.endsWith('.js') && c.raw > 50 * 1024)
      .sort((a, b) => b.gzip - a.gzip);
    figures.chunksOver50KiB = big;
    table('Bytes each page loads (production build)', rows);
    table('Chunks over 50 KiB', [
      ['chunk', 'raw KiB', 'gzip KiB'],
      ...big.map((c) => [c.name, kib(c.raw), kib(c.gzip)]),
    ]);
    const shellInLogin = login.some((f) => /layout|dashboard|table|rich-text/.test(f));
    console.log(`  login page loads the shell, tables or editors: ${shellInLogin ? 'YES' : 'no'}`);
    figures.loginLoadsShell = shellInLogin;
    saveResults('bytes', figures);
    return figures;
  } finally {
    await browser.close();
    await server.stop();
    execSync(`rm -rf ${dataDir}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await bytes();
