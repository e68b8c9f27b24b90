/**
 * Bytes: the JS and CSS each page loads in Chromium (every .js/.css it requests before its load
 * event, from its resource timing), sized from the build's files: raw, gzip and brotli (the
 * pre-compressed siblings the server sends, computed when a file has none). The login page then
 * fetches the shell and the dashboard ahead, once idle: shown on a line of its own. Plus every JS
 * chunk over 50 KiB by name.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { TOKEN_COOKIE } from '../src/shared/constants';
import {
  builtWeb,
  isNa,
  kib,
  launchChromium,
  type NotApplicable,
  na,
  saveResults,
  signIn,
  startServer,
  table,
  tmpDir,
  verdict,
} from './support';

interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}
const ZERO: Size = { raw: 0, gzip: 0, brotli: 0 };

function sizeOf(dist: string, file: string): Size {
  const full = path.join(dist, file);
  const data = readFileSync(full);
  const sibling = (ext: string, make: () => Buffer) =>
    existsSync(`${full}.${ext}`) ? readFileSync(`${full}.${ext}`).length : make().length;
  return {
    raw: data.length,
    gzip: sibling('gz', () => gzipSync(data, { level: 9 })),
    brotli: sibling('br', () =>
      brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ),
  };
}
const add = (a: Size, b: Size): Size => ({
  raw: a.raw + b.raw,
  gzip: a.gzip + b.gzip,
  brotli: a.brotli + b.brotli,
});

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The build's chunks: from .vite/manifest.json, else every JS file under assets/. */
function chunksOf(dist: string): ManifestChunk[] {
  const manifest = path.join(dist, '.vite', 'manifest.json');
  if (existsSync(manifest))
    return Object.values(
      JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, ManifestChunk>,
    );
  return readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: `assets/${f}`, name: f.replace(/-[\w-]{8}\.js$/, '') }));
}

/** What must never load with the login page. */
const HEAVY =
  /layout[/\\]|features[/\\](?!auth)|demos[/\\]|dashboard|table|chart|editor|tiptap|prosemirror|exceljs|xlsx/i;

/** What a page fetched: the JS and CSS files (paths relative to the build). */
interface Visit {
  /** Requested before the page's load event: what it needs to show and work. */
  files: string[];
  /** Requested after it, once the page is idle: fetched ahead for the next page. */
  ahead: string[];
}

/** The JS and CSS the page requested, from its resource timing, split at the load event. */
const REQUESTED = `(() => {
  const loaded = performance.getEntriesByType('navigation')[0].loadEventEnd;
  return performance.getEntriesByType('resource')
    .filter((e) => /\\.(m?js|css)$/.test(new URL(e.name).pathname))
    .map((e) => ({ path: decodeURIComponent(new URL(e.name).pathname).slice(1), ahead: e.startTime > loaded }));
})()`;

async function visit(
  browser: Browser,
  url: string,
  token: string | undefined,
  ready: (page: Page) => Promise<unknown>,
): Promise<Visit | NotApplicable> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    if (token)
      await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: new URL(url).origin }]);
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'load' });
    try {
      await ready(page);
    } catch (err) {
      return na(`page not ready: ${(err as Error).message.split('\n')[0]}`);
    }
    await page.waitForLoadState('networkidle');
    const requested = (await page.evaluate(REQUESTED)) as { path: string; ahead: boolean }[];
    const files = new Set(requested.filter((r) => !r.ahead).map((r) => r.path));
    const ahead = new Set(
      requested.filter((r) => r.ahead && !files.has(r.path)).map((r) => r.path),
    );
    return { files: [...files], ahead: [...ahead] };
  } finally {
    await context.close();
  }
}

export async function bytes() {
  const dist = builtWeb();
  const server = await startServer({ DATA_DIR: tmpDir('bytes-data') });
  const browser = await launchChromium();
  try {
    const token = await signIn(server.url);
    const loginReady = (page: Page) =>
      page.locator('input[type=password]').waitFor({ timeout: 15_000 });
    const tableShown = (page: Page) => page.getByRole('table').first().waitFor({ timeout: 15_000 });
    const visits: Record<string, { label: string; visit: Visit | NotApplicable }> = {
      login: {
        label: 'login page',
        visit: await visit(browser, `${server.url}/login`, undefined, loginReady),
      },
      shellDashboard: {
        label: 'shell + dashboard',
        visit: await visit(browser, `${server.url}/dashboard`, token, (page) =>
          page.locator('nav.dashboard-shortcuts').waitFor({ timeout: 15_000 }),
        ),
      },
      articleList: {
        label: 'article list in the shell',
        visit: await visit(browser, `${server.url}/article-news`, token, tableShown),
      },
      // Issues #19 and #21: the goods list and the store's product list within the same budget.
      goodsList: {
        label: 'goods list in the shell',
        visit: await visit(browser, `${server.url}/goods-list`, token, tableShown),
      },
      productList: {
        label: 'product list in the shell',
        visit: await visit(browser, `${server.url}/product-list`, token, tableShown),
      },
    };

    // Each page's figures are what it fetches before its load event; the shell and the lists
    // fetch nothing ahead, the login page fetches the shell and the dashboard once idle.
    const pages = Object.fromEntries(
      Object.entries(visits).map(([key, { label, visit }]) => [
        key,
        {
          label,
          files: isNa(visit) ? visit : [...visit.files, ...(key === 'login' ? [] : visit.ahead)],
        },
      ]),
    );
    const chunks = chunksOf(dist);
    const byFile = new Map(chunks.map((c) => [c.file, c]));
    // Issue #17: a list screen on antd's own components within 450 KiB (the template's needs 676).
    const budgets: Record<string, number> = {
      login: 160,
      articleList: 450,
      goodsList: 450,
      productList: 450,
    };
    const figures: Record<string, unknown> = {};
    const rows: (string | number)[][] = [
      [
        'page',
        'JS files',
        'JS raw',
        'JS gzip',
        'JS brotli',
        'CSS raw',
        'CSS gzip',
        'budget (gzip)',
      ],
    ];
    for (const [key, { label, files }] of Object.entries(pages)) {
      if (isNa(files)) {
        figures[key] = files;
        rows.push([label, files.na, '', '', '', '', '', '']);
        verdict('bytes', `${label}: JS gzip`, files, 'KiB');
        continue;
      }
      const js = files.filter((f) => /\.m?js$/.test(f));
      const css = files.filter((f) => f.endsWith('.css'));
      const jsSize = js.map((f) => sizeOf(dist, f)).reduce(add, ZERO);
      const cssSize = css.map((f) => sizeOf(dist, f)).reduce(add, ZERO);
      figures[key] = { js: jsSize, css: cssSize, files };
      const budget = budgets[key];
      rows.push([
        label,
        js.length,
        `${kib(jsSize.raw)} KiB`,
        `${kib(jsSize.gzip)} KiB`,
        `${kib(jsSize.brotli)} KiB`,
        `${kib(cssSize.raw)} KiB`,
        `${kib(cssSize.gzip)} KiB`,
        budget ? `≤ ${budget} KiB` : '',
      ]);
      verdict('bytes', `${label}: JS gzip`, kib(jsSize.gzip), 'KiB', budget ? { max: budget } : {});
    }
    table('Bytes each page loads (production build; KiB = 1024 bytes)', rows);

    // What the login page loads that it must not: the shell, tables, charts, editors.
    const login = pages.login?.files;
    if (!isNa(login) && login) {
      const heavy = login.filter((f) => {
        const chunk = byFile.get(f);
        return HEAVY.test(f) || HEAVY.test(chunk?.src ?? '') || HEAVY.test(chunk?.name ?? '');
      });
      figures.loginLoadsHeavy = heavy;
      console.log(
        `  login page loads the shell, tables, charts or editors: ${heavy.length ? `YES (${heavy.join(', ')})` : 'no'}`,
      );
    }
    // What it fetches once loaded and idle, ahead of the click on Login (not with Save-Data).
    const loginVisit = visits.login?.visit;
    if (loginVisit && !isNa(loginVisit)) {
      const js = loginVisit.ahead.filter((f) => /\.m?js$/.test(f));
      const size = js.map((f) => sizeOf(dist, f)).reduce(add, ZERO);
      figures.loginFetchesAhead = { files: loginVisit.ahead, js: size };
      console.log(
        `  login page, once loaded and idle, fetches ahead: ${js.length} JS files, ${kib(size.gzip)} KiB gzip (the shell and the dashboard)`,
      );
    }

    // Every JS chunk over 50 KiB, and which of the pages above loads it.
    const where = (file: string) =>
      Object.entries(pages)
        .filter(([, p]) => !isNa(p.files) && p.files.includes(file))
        .map(([k]) => k);
    const big = chunks
      .filter((c) => /\.m?js$/.test(c.file) && existsSync(path.join(dist, c.file)))
      .map((c) => ({
        name: c.name ?? path.basename(c.file),
        file: c.file,
        src: c.src,
        lazy: !!c.isDynamicEntry,
        entry: !!c.isEntry,
        loadedBy: where(c.file),
        ...sizeOf(dist, c.file),
      }))
      .filter((c) => c.raw > 50 * 1024)
      .sort((a, b) => b.gzip - a.gzip);
    figures.chunksOver50KiB = big;
    table('JS chunks over 50 KiB (raw)', [
      ['chunk', 'kind', 'raw', 'gzip', 'brotli', 'loaded by'],
      ...big.map((c) => [
        c.src ? `${c.name} (${c.src})` : c.name,
        c.entry ? 'entry' : c.lazy ? 'lazy' : 'shared',
        `${kib(c.raw)} KiB`,
        `${kib(c.gzip)} KiB`,
        `${kib(c.brotli)} KiB`,
        c.loadedBy.join(', ') || '(other screens)',
      ]),
    ]);
    saveResults('bytes', figures);
    return figures;
  } finally {
    await browser.close();
    await server.stop();
  }
}
