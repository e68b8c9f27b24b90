import { queryOptions } from '@tanstack/react-query';
import type { MonthlyTotal, RechargeBody, RechargeOrder } from '../../../shared/cost-center';
import { request } from '../../api/request';

/** Every query of the area starts with it: the ledger list's (the kit's) and the ones below. */
export const COST_CENTER = '/admin/cost-center';

export const monthlyQuery = () =>
  queryOptions({
    queryKey: [COST_CENTER, 'monthly'],
    queryFn: ({ signal }) =>
      request<{ items: MonthlyTotal[] }>(
        `${COST_CENTER}/monthly`,
        { tz: new Date().getTimezoneOffset(), months: 12 },
        { signal },
      ),
  });

export const recentRechargesQuery = () =>
  queryOptions({
    queryKey: [COST_CENTER, 'recharges'],
    queryFn: ({ signal }) =>
      request<{ items: RechargeOrder[] }>(`${COST_CENTER}/recharge-list`, {}, { signal }),
  });

/** One recharge, followed every 2 s while it waits for its payment. */
export const rechargeQuery = (orderNo: string) =>
  queryOptions({
    queryKey: [COST_CENTER, 'recharge', orderNo],
    queryFn: ({ signal }) =>
      request<RechargeOrder>(`${COST_CENTER}/recharge-detail`, { orderNo }, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'created' ? 2000 : false),
    refetchIntervalInBackground: true,
  });

export const createRecharge = (body: RechargeBody) =>
  request<RechargeOrder>(`${COST_CENTER}/recharge`, body);
export const closeRecharge = (orderNo: string) =>
  request<RechargeOrder>(`${COST_CENTER}/recharge-close`, { orderNo });
