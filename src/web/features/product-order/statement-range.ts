/** The statement's days are China's (+08:00 all year), whatever the browser's clock says. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** The China day (YYYY-MM-DD) of an instant. */
export const chinaDay = (at: Date = new Date()) =>
  new Date(at.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/** The day `n` days after `day` (before, for a negative `n`). */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** How many days from one day to another (0 for the same day). */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The server answers for a year at most (`to` 366 days after `from`). */
export const MAX_STATEMENT_DAYS = 366;

export type DayRange = { from: string; to: string };
export const STATEMENT_PRESETS = ['today', 'yesterday', 'last7', 'thisMonth'] as const;
export type StatementPreset = (typeof STATEMENT_PRESETS)[number];

/** The preset ranges as of `now`, in China's days: 今天, 昨天, 近7天 (today and the 6 before), 本月. */
export function statementPresets(now: Date = new Date()): Record<StatementPreset, DayRange> {
  const today = chinaDay(now);
  const yesterday = addDays(today, -1);
  return {
    today: { from: today, to: today },
    yesterday: { from: yesterday, to: yesterday },
    last7: { from: addDays(today, -6), to: today },
    thisMonth: { from: `${today.slice(0, 8)}01`, to: today },
  };
}
