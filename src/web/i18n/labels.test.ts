import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OPERATION_ACTIONS } from '../../shared/operation-log';
import { has, type ResourceDictionary } from '../../shared/resource';
import { resources } from '../../shared/resources';
import { routeCatalog, walkRoutes } from '../../shared/routes';
import '../demos/shared/route-titles';
import { routeTree } from '../features/account/route-tree';
import { actionLabel } from '../kit/action-label';
import { i18n, i18nReady, loadAllDictionaries, routeTitle, setLanguage } from './index';

/**
 * Every label the app builds from a key, in both languages: menu and route titles, the accounts'
 * permission tree, each resource's action texts, and the operation log's (and dashboard's) name
 * of every action the server writes. A missing text shows as its raw key (`route.x_y`,
 * `area.verb`) or, in English, as the Chinese fallback.
 */

const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../server');

/** The server's source files, but tests and test helpers. */
function serverSources(): { file: string; text: string }[] {
  return (readdirSync(serverDir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !/(^|\/)test-[^/]*\.ts$/.test(file))
    .map((file) => ({ file, text: readFileSync(path.join(serverDir, file), 'utf8') }));
}

/** A resource's derived calls (kit/resource-routes.ts) and the actions each logs. */
const derived = (verb: 'create' | 'update' | 'delete' | 'export' | 'order') =>
  resources.filter((r) => has(r, verb)).map((r) => `${r.name}.${verb === 'order' ? 'move' : verb}`);

/**
 * The actions written with a computed name: each expression as the server writes it, and what it
 * can give. A new expression fails the test until it is listed here.
 */
const COMPUTED: Record<string, () => string[]> = {
  "resourceAction(resource, 'create')": () => derived('create'),
  "resourceAction(resource, 'update')": () => derived('update'),
  "resourceAction(resource, 'delete')": () => derived('delete'),
  "resourceAction(resource, 'export')": () => derived('export'),
  "resourceAction(resource, 'move')": () => derived('order'),
  'resourceAction(resource, name)': () =>
    resources.flatMap((r) => Object.keys(r.transitions ?? {}).map((name) => `${r.name}.${name}`)),
  // kit/ledger's charge and refund (type: 'charge' | 'refund').
  '`cost-center.${type}`': () => ['cost-center.charge', 'cost-center.refund'],
  // The data helper's imports: every resource that takes one.
  '`import.${kind}`': () =>
    resources.filter((r) => has(r, 'import')).map((r) => `import.${r.name}`),
};

/** Every action the server writes to the operation log, found in its source. */
function writtenActions(): Set<string> {
  const actions = new Set<string>();
  let calls = 0;
  for (const { file, text } of serverSources()) {
    if (/\.insert\(operationLogs\)/.test(text))
      expect(text, `${file} writes the log itself`).toMatch(
        /export async function recordOperation/,
      );
    for (const call of text.matchAll(/recordOperation\(/g)) {
      const after = text.slice(call.index);
      if (/^recordOperation\(ex: /.test(after)) continue; // its definition
      calls++;
      // The operation as an object written in the call (its action then read from it).
      expect(
        /^recordOperation\((?:[^{}()]|\([^()]*\))*\{/.test(after),
        `${file}: an operation not written in its recordOperation call`,
      ).toBe(true);
      const found =
        /\baction:\s*([\s\S]*?)\s*(?:,\s*(?:targetType|targetId|detail)\s*:|,?\s*\}\s*,?\s*\))/.exec(
          after,
        );
      expect(found, `${file}: a recordOperation without its action`).not.toBeNull();
      const expression = found![1]!.replace(/\s+/g, ' ').trim();
      const computed = COMPUTED[expression];
      if (computed) {
        for (const action of computed()) actions.add(action);
        continue;
      }
      // Names as written, whole or in a choice (`again ? 'x.resubmit' : 'x.submit'`).
      expect(expression, `${file}: a computed action; list it in COMPUTED`).not.toMatch(/[`(]/);
      const names = [...expression.matchAll(/'([\w-]+\.[\w-]+)'/g)].map((m) => m[1]!);
      expect(names.length, `${file}: ${expression}`).toBeGreaterThan(0);
      for (const name of names) actions.add(name);
    }
  }
  expect(calls).toBeGreaterThan(30);
  return actions;
}

/**
 * Why a label is not a real text: missing, its own key, a raw key, or (in English) the Chinese
 * fallback; undefined when it is one.
 */
function flaw(label: unknown, language: 'zh' | 'en', key: string): string | undefined {
  if (typeof label !== 'string' || !label.trim()) return 'no text';
  if (label === key) return 'its key';
  if (/route\.|oplog\.|demo-routes:|\{\{|no-name|undefined/.test(label)) return 'a raw key';
  // A key as its own text: `product-order.refund`, `coupon-list_issue`, `goods:actions.x`.
  if (/\b[a-z][a-zA-Z]*(-[a-z]+)*[._:][a-z][\w-]*/.test(label)) return 'a raw key';
  if (language === 'en' && /[\u3400-\u9fff]/.test(label)) return 'the Chinese fallback';
  return undefined;
}

/** The tree's titles, groups and leaves, with their keys. */
function treeTitles(nodes: ReturnType<typeof routeTree>): [string, unknown][] {
  return nodes.flatMap((node) => [
    [String(node.key), node.title] as [string, unknown],
    ...treeTitles(node.children ?? []),
  ]);
}

describe('every label resolves in both languages', () => {
  afterAll(() => setLanguage('zh'));
  const written = writtenActions();

  it('lists every action the server writes where the log’s filter offers its actions', () => {
    const offered = new Set(OPERATION_ACTIONS);
    const missing = [...written].filter((action) => !offered.has(action));
    expect(missing, 'add them to OWN_ACTIONS (shared/operation-log.ts)').toEqual([]);
  });

  for (const language of ['zh', 'en'] as const)
    it(`says every route title, permission, action and logged action in ${language}`, async () => {
      await i18nReady;
      await setLanguage(language);
      await loadAllDictionaries();
      expect(i18n.language).toBe(language);
      const problems: string[] = [];
      const expectText = (label: unknown, key: string) => {
        const why = flaw(label, language, key);
        if (why) problems.push(`${key} → ${String(label)} (${why})`);
      };

      for (const { route } of walkRoutes(routeCatalog))
        if (route.meta?.title) expectText(routeTitle(route.meta.title), route.meta.title);

      const tree = treeTitles(routeTree(routeTitle, () => true));
      expect(tree.length).toBeGreaterThan(60);
      for (const [key, title] of tree) expectText(title, key);

      for (const resource of resources) {
        const dictionary = i18n.getResourceBundle(language, resource.name) as ResourceDictionary;
        expect(dictionary, resource.name).toBeTruthy();
        expectText(dictionary.title, `${resource.name}:title`);
        expectText(dictionary.noun, `${resource.name}:noun`);
        if (has(resource, 'create')) expectText(dictionary.new, `${resource.name}:new`);
        if (has(resource, 'update') && !resource.single)
          expectText(dictionary.edit, `${resource.name}:edit`);
        for (const name of Object.keys(resource.transitions ?? {}))
          expectText(dictionary.transitions?.[name], `${resource.name}:transitions.${name}`);
        for (const [verb, text] of Object.entries(
          (dictionary.actions ?? {}) as Record<string, unknown>,
        ))
          expectText(text, `${resource.name}:actions.${verb}`);
      }

      for (const action of new Set([...written, ...OPERATION_ACTIONS]))
        expectText(actionLabel(action), action);
      expect(problems).toEqual([]);
    });
});
