import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openReadyDatabase } from './db/ready';

const startedAt = performance.now();
// What the server creates (database, uploads, backups, temporary files) is its user's alone.
process.umask(0o077);
const config = loadConfig();
const { database, seed } = await openReadyDatabase(config);

const app = await buildApp({
  db: database.db,
  listen: database.listen,
  config,
  logger: { level: config.LOG_LEVEL },
});
const address = await app.listen({ host: config.HOST, port: config.PORT });
const where = config.DATABASE_URL
  ? `PostgreSQL ${new URL(config.DATABASE_URL).host}`
  : `embedded PGlite in ${config.DATA_DIR}`;
const banner = [
  '',
  `  Merchant Admin is running at ${address.replace('127.0.0.1', 'localhost')}`,
  `  Database: ${where}`,
  `  Started in ${Math.round(performance.now() - startedAt)} ms`,
];
if (seed.created) {
  banner.push(
    seed.generatedPassword
      ? `  First start: sign in as "admin" with the password ${seed.generatedPassword} (shown only once; change it in Settings)`
      : '  First start: sign in as "admin" with the password from ADMIN_PASSWORD',
  );
}
console.log(`${banner.join('\n')}\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing open requests');
  const force = setTimeout(() => {
    app.log.error('shutdown took over 10 s; exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
