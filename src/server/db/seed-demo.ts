/** `npm run seed:demo`: fills the first merchant with demo data, once. */
import { loadConfig } from '../config';
import { seedDemoData } from './demo-data';
import { openReadyDatabase } from './ready';

const config = loadConfig();
const { database, seed } = await openReadyDatabase(config);
try {
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
