// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The configurations `npm run lint` runs (requiring the first also lets swc read .tsx).
const require = createRequire(import.meta.url);
const boundaries: IConfiguration = require('../.dependency-cruiser.cjs');
const moduleCycles: IConfiguration = require('../.dependency-cruiser-modules.cjs');

/** A tiny tree with one way round each boundary, relative paths and type-only imports among them. */
const files: Record<string, string> = {
  'src/shared/money.ts':
    "import type { Context } from '../server/context';\nexport type M = Context;",
  'src/server/context.ts': 'export interface Context { db: string }',
  'src/server/kit/operation-log.ts':
    "import { a } from '../modules/a/routes';\nexport const k = a;",
  'src/server/modules/a/routes.ts': "import { b } from '../b/service';\nexport const a = b;",
  'src/server/modules/a/types.ts': 'export interface Row { id: number }',
  // Back to a, but to another file of it: no file cycle, a cycle of the two modules.
  'src/server/modules/b/service.ts':
    "import type { Row } from '../a/types';\nexport const b = (row: Row) => row.id;",
  'src/server/modules/c/routes.ts': "import { b } from '../b/service';\nexport const c = b;",
  'src/web/kit/list-screen.tsx':
    "import { GoodsForm } from '../features/goods/form';\nexport const List = () => <GoodsForm />;",
  'src/web/kit/list-screen.test.tsx':
    "import { GoodsForm } from '../features/goods/form';\nexport const t = <GoodsForm />;",
  'src/web/features/goods/form.tsx':
    "import { OrderPage } from '../../features/orders/page';\nexport const GoodsForm = () => <div><OrderPage /></div>;",
  'src/web/features/goods/list.tsx':
    "import { GoodsForm } from './form';\nimport { List } from '../../kit/list-screen';\nexport const G = () => <List><GoodsForm /></List>;",
  'src/web/features/orders/page.tsx':
    "import type { Context } from '../../../server/context';\nexport const OrderPage = (p: { c?: Context }) => <p>{String(p.c)}</p>;",
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.join(root, path.dirname(file)), { recursive: true });
    await writeFile(path.join(root, file), `${text}\n`);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

async function violations(config: IConfiguration, start: string) {
  const { tsConfig: _, ...options } = config.options ?? {};
  const { output } = await cruise([start], {
    ...options,
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden },
  });
  return (output as ICruiseResult).summary.violations
    .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
    .sort();
}

describe('the boundaries npm run lint checks', () => {
  it('catches each way round them, on resolved paths', async () => {
    expect(await violations(boundaries, 'src')).toEqual([
      'feature-not-to-feature: src/web/features/goods/form.tsx -> src/web/features/orders/page.tsx',
      'server-kit-not-to-modules: src/server/kit/operation-log.ts -> src/server/modules/a/routes.ts',
      'shared-not-to-apps: src/shared/money.ts -> src/server/context.ts',
      'web-kit-not-to-screens: src/web/kit/list-screen.tsx -> src/web/features/goods/form.tsx',
      'web-not-to-server: src/web/features/orders/page.tsx -> src/server/context.ts',
    ]);
  });

  it('catches two server modules that import each other, not one importing another', async () => {
    expect(await violations(moduleCycles, 'src/server/modules')).toEqual([
      'no-module-cycle: src/server/modules/a -> src/server/modules/b',
      'no-module-cycle: src/server/modules/b -> src/server/modules/a',
    ]);
  });
});
