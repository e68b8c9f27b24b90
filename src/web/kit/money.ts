import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../stores/session';

/**
 * After money moved (a recharge paid, a charge for codes): the top bar's balance, and the ledger,
 * its totals and the recharges (every `/admin/cost-center` query) again.
 */
export async function moneyMoved(queryClient: QueryClient) {
  await Promise.all([
    useSession.getState().refreshProfile(),
    queryClient.invalidateQueries({ queryKey: ['/admin/cost-center'] }),
  ]);
}
