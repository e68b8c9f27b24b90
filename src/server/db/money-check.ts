/**
 * `npm run money:check`: reconciles every merchant's balance with its ledger (balance = Σ
 * entries, and = the last entry's balance after). Prints each difference and exits 1 when there
 * is one; 0 when the books agree. On the embedded database, run it with the server stopped.
 */
import { loadConfig } from '../config';
import { reconcile } from '../modules/cost-center/reconcile';
import { openReadyDatabase } from './ready';

const { database } = await openReadyDatabase(loadConfig());
try {
  const differences = await reconcile(database.db);
  if (differences.length === 0) {
    console.log('money:check: every balance equals the sum of its ledger.');
  } else {
    console.error(
      `money:check: ${differences.length} merchant(s) whose balance is not their ledger's:`,
    );
    for (const d of differences)
      console.error(
        `  #${d.merchantId} ${d.name}: balance ${d.balance}, ledger sum ${d.ledger}, last entry left ${d.lastBalanceAfter ?? '—'}`,
      );
    process.exitCode = 1;
  }
} catch (err) {
  console.error(`money:check failed: ${(err as Error).message}`);
  process.exitCode = 2;
} finally {
  await database.close();
}
