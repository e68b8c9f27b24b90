import type { Config } from '../config';
import { openDatabase } from './client';
import { seedFirstStart } from './seed';

/**
 * The configured database (PostgreSQL or the embedded one), migrated and with its first
 * merchant: what the server and every command start from.
 */
export async function openReadyDatabase(config: Config) {
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const seed = await database.withStartupLock(async () => {
    await database.migrate();
    return seedFirstStart(database.db, config.ADMIN_PASSWORD);
  });
  return { database, seed };
}
