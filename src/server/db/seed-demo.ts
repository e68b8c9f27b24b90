/** `npm run seed:demo`: fills the first merchant with demo data, once. */
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDemoData } from './demo-data';
import { seedFirstStart } from './seed';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR,
});
try {
  const seed = await database.withStartupLock(async () => {
    await database.migrate();
    return seedFirstStart(database.db, config.ADMIN_PASSWORD);
  });
  if (seed.generatedPassword)
    console.log(`Created the owner "admin" with the password ${seed.generatedPassword}`);
  const result = await seedDemoData(database.db);
  console.log(
    result.seeded
      ? `Demo data added: ${result.customers} customers, ${result.articles} articles, 3 help articles.`
      : 'The store already has data: nothing added.',
  );
} finally {
  await database.close();
}
