import { isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { siteSettings } from '../../db/schema';

export const DEFAULT_WEBSITE_NAME = '商户管理后台';

/** The platform's site settings (the row without a merchant). */
export async function getPlatformSite(db: Executor) {
  const [row] = await db
    .select({ websiteName: siteSettings.websiteName })
    .from(siteSettings)
    .where(isNull(siteSettings.merchantId))
    .limit(1);
  return { website_name: row?.websiteName ?? DEFAULT_WEBSITE_NAME };
}
