import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from './db/client';
import { listVersionTables } from './db/list-versions';

/**
 * The migrated database every API test starts from (vitest globalSetup). It is built once for a
 * set of migrations and kept under their hash, so a run whose migrations did not change skips it.
 */
export type TestDatabaseTemplate =
  /** A PGlite data dump (a tar file) that each worker loads into a new instance. */
  | { kind: 'pglite'; dump: string }
  /** A database on the server that each worker copies (`CREATE DATABASE … TEMPLATE`). */
  | { kind: 'postgres'; serverUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

const cacheFolder = path.resolve(import.meta.dirname, '../../node_modules/.cache/merchant-admin');

/** A hash of every migration file: what the template was built from. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  // What migrating does besides the files: the list tables' triggers (db/list-versions.ts).
  hash.update(listVersionTables().join(','));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject) {
  const key = migrationsHash();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const template = await postgresTemplate(serverUrl, key);
    // One prefix per run: the teardown drops every copy this run made.
    const prefix = `ma_test_${randomBytes(3).toString('hex')}`;
    project.provide('testDatabaseTemplate', { kind: 'postgres', serverUrl, template, prefix });
    return async () => {
      const { rows } = await serverQuery<{ datname: string }>(
        serverUrl,
        `select datname from pg_database where datname like '${prefix}\\_%'`,
      );
      for (const { datname } of rows)
        await serverQuery(serverUrl, `drop database if exists ${datname} with (force)`);
    };
  }
  project.provide('testDatabaseTemplate', { kind: 'pglite', dump: await pgliteTemplate(key) });
}

/** The dump of a migrated PGlite, made once per set of migrations. */
async function pgliteTemplate(key: string): Promise<string> {
  const file = path.join(cacheFolder, `test-template-${key}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({});
  await database.migrate();
  const dump = await database.dumpDataDir!();
  await database.close();
  await mkdir(cacheFolder, { recursive: true });
  // Written aside, then renamed: a run started meanwhile never reads half a file.
  const partial = `${file}.${process.pid}`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return file;
}

/** A migrated database on the server named after the migrations, made once per set of them. */
async function postgresTemplate(serverUrl: string, key: string): Promise<string> {
  const template = `ma_template_${key}`;
  const exists = async (name: string) =>
    (await serverQuery(serverUrl, `select 1 from pg_database where datname = '${name}'`))
      .rowCount === 1;
  if (await exists(template)) return template;
  // Migrated under a name of its own, then renamed: a copy is never made of a half-migrated one.
  const building = `${template}_${randomBytes(3).toString('hex')}`;
  await serverQuery(serverUrl, `create database ${building}`);
  const url = new URL(serverUrl);
  url.pathname = `/${building}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  await database.migrate();
  await database.close();
  try {
    await serverQuery(serverUrl, `alter database ${building} rename to ${template}`);
  } catch (err) {
    // Another run built it meanwhile.
    await serverQuery(serverUrl, `drop database if exists ${building}`);
    if (!(await exists(template))) throw err;
  }
  // Templates of older migrations are of no more use.
  const { rows } = await serverQuery<{ datname: string }>(
    serverUrl,
    `select datname from pg_database where datname like 'ma\\_template\\_%' and datname <> '${template}'`,
  );
  for (const { datname } of rows)
    await serverQuery(serverUrl, `drop database if exists ${datname} with (force)`).catch(() => {});
  return template;
}

/**
 * Runs one statement on the PostgreSQL server at `serverUrl` (making, dropping databases) on a
 * connection of its own. A server shared with other work may for a while have no connection to
 * give (53300, "too many clients already"): the connection is tried again for up to a minute.
 */
export async function serverQuery<T extends pg.QueryResultRow>(serverUrl: string, text: string) {
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
    } catch (err) {
      await client.end().catch(() => {});
      if ((err as { code?: string }).code !== '53300' || attempt >= 60) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      continue;
    }
    try {
      return await client.query<T>(text);
    } finally {
      await client.end();
    }
  }
}
