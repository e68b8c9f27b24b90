import { z } from 'zod';

/** One recent change on the dashboard (from the operation log). */
export const dashboardChange = z.object({
  id: z.number(),
  adminName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** The target's name and where it opens (as the operation log gives them). */
  targetName: z.string().nullable(),
  targetLink: z.string().nullable(),
  createdAt: z.string(),
});
export type DashboardChange = z.infer<typeof dashboardChange>;

/**
 * What the dashboard shows: each part only when the account may open its area (null otherwise).
 */
export const dashboardSummary = z.object({
  customers: z.object({ total: z.number(), newLast7Days: z.number() }).nullable(),
  articles: z.object({ published: z.number(), drafts: z.number() }).nullable(),
  recentChanges: z.array(dashboardChange).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;

/** How many recent changes the dashboard lists. */
export const DASHBOARD_CHANGES = 6;
