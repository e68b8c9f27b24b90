import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat, unlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createBackup, SERVER_FILE, type ServerFile } from './archive';

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * On the embedded database with a data folder: `POST /ops/backup` answers a .tar.gz of the
 * database and the uploads (`npm run backup` asks for it, since only this process may open the
 * folder). Its token is in `<DATA_DIR>/.ops-server.json` (readable by the folder's owner only),
 * with the address the server listens on; the file goes when the server closes.
 */
export const backupPlugin = fp(
  async (app: FastifyInstance, { config, db }: { config: Config; db: Database }) => {
    const client = (db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof PGlite) || !client.dataDir) return;
    const dataDir = path.resolve(client.dataDir);
    const serverFile = path.join(dataDir, SERVER_FILE);
    const server: ServerFile = { pid: process.pid, token: randomBytes(32).toString('hex') };
    const save = () => writeFile(serverFile, JSON.stringify(server), { mode: 0o600 });
    await save();
    app.addHook('onListen', async () => {
      const address = app.server.address() as AddressInfo | null;
      if (!address) return;
      const host = ['0.0.0.0', '::'].includes(address.address) ? 'localhost' : address.address;
      server.url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      await save();
    });
    app.addHook('onClose', async () => {
      await unlink(serverFile).catch(() => {});
    });

    if (config.BACKUP_CRON) {
      const folder = config.BACKUP_DIR;
      // One at a time: a backup that outlasts the interval makes the next run wait its turn.
      const job = new Cron(config.BACKUP_CRON, { protect: true }, async () => {
        try {
          const { file, manifest } = await createBackup(client, {
            storage: config.STORAGE,
            uploadDir: config.UPLOAD_DIR,
            folder,
          });
          app.log.info({ file, manifest }, 'scheduled backup made');
          await pruneBackups(folder, config.BACKUP_KEEP);
        } catch (error) {
          app.log.error({ err: error }, 'scheduled backup failed');
        }
      });
      app.log.info({ schedule: config.BACKUP_CRON, folder, next: job.nextRun() }, 'backups on');
      app.addHook('onClose', async () => job.stop());
    }

    app.post(
      '/ops/backup',
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
        if (!sameSecret(given, server.token)) {
          return reply.code(401).type('text/plain; charset=utf-8').send('Unknown backup token\n');
        }
        const { file, manifest } = await createBackup(client, {
          storage: config.STORAGE,
          uploadDir: config.UPLOAD_DIR,
        });
        request.log.info({ file, manifest }, 'backup made');
        const stream = createReadStream(file);
        stream.on('close', () => void rm(file, { force: true }));
        return reply
          .header('content-type', 'application/gzip')
          .header('content-length', (await stat(file)).size)
          .header('content-disposition', `attachment; filename="${path.basename(file)}"`)
          .header('x-schema-version', String(manifest.schemaVersion))
          .send(stream);
      },
    );
  },
  { name: 'backup' },
);

/** Keeps the newest `keep` archives a schedule wrote in `folder` (by their names' times). */
export async function pruneBackups(folder: string, keep: number) {
  const archives = (await readdir(folder))
    .filter((name) => /^merchant-admin-.*\.tar\.gz$/.test(name))
    .sort()
    .reverse();
  for (const name of archives.slice(keep)) await rm(path.join(folder, name), { force: true });
}
