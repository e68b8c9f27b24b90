import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary } from '../../../shared/dashboard';
import { request } from '../../api/request';

export const DASHBOARD_ENDPOINT = '/admin/dashboard';

/** The dashboard's counts and recent changes (only of the areas the account may open). */
export const dashboardSummaryQuery = queryOptions({
  queryKey: [DASHBOARD_ENDPOINT, 'summary'],
  queryFn: () => request<DashboardSummary>(`${DASHBOARD_ENDPOINT}/summary`, {}),
});
