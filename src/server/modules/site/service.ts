import { eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { siteSettings } from '../../db/schema/site';

export const DEFAULT_WEBSITE_NAME = '商户管理后台';

/** The platform's website name (the settings row without a merchant), shown before sign-in. */
export async function platformWebsiteName(db: Executor): Promise<string> {
  const [row] = await db
    .select({ websiteName: siteSettings.websiteName })
    .from(siteSettings)
    .where(isNull(siteSettings.merchantId))
    .limit(1);
  return row?.websiteName ?? DEFAULT_WEBSITE_NAME;
}

/**
 * The name a signed-in merchant's app shows: its own (the website-setting resource's row), else,
 * until its settings are first opened, the platform's.
 */
export async function merchantWebsiteName(db: Executor, merchantId: number): Promise<string> {
  const [own] = await db
    .select({ websiteName: siteSettings.websiteName })
    .from(siteSettings)
    .where(eq(siteSettings.merchantId, merchantId));
  return own?.websiteName ?? platformWebsiteName(db);
}
