import { eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { SiteDetails, siteDetails } from '../../../shared/site';
import type { Database, Executor } from '../../db/client';
import { siteSettings } from '../../db/schema';
import { changedFields } from '../../kit/changes';
import { type Actor, recordOperation } from '../system/operation-log';

export const DEFAULT_WEBSITE_NAME = '商户管理后台';
const FIELDS = [
  'websiteName',
  'logoUrl',
  'contactPhone',
  'contactEmail',
  'address',
  'icpRecord',
  'description',
] as const;

type Row = typeof siteSettings.$inferSelect;
const toDetails = (row: Row): SiteDetails => ({
  websiteName: row.websiteName,
  logoUrl: row.logoUrl,
  contactPhone: row.contactPhone,
  contactEmail: row.contactEmail,
  address: row.address,
  icpRecord: row.icpRecord,
  description: row.description,
});

/** The platform's site settings (the row without a merchant). */
export async function getPlatformSite(db: Executor) {
  const [row] = await db
    .select({ websiteName: siteSettings.websiteName })
    .from(siteSettings)
    .where(isNull(siteSettings.merchantId))
    .limit(1);
  return { website_name: row?.websiteName ?? DEFAULT_WEBSITE_NAME };
}

/** A merchant's site details; until it saves its own, the platform's name and empty details. */
export async function getMerchantSite(db: Executor, merchantId: number): Promise<SiteDetails> {
  const [own] = await db.select().from(siteSettings).where(eq(siteSettings.merchantId, merchantId));
  if (own) return toDetails(own);
  const platform = await getPlatformSite(db);
  return {
    websiteName: platform.website_name,
    logoUrl: '',
    contactPhone: '',
    contactEmail: '',
    address: '',
    icpRecord: '',
    description: '',
  };
}

/**
 * Saves the merchant's site details. The first save inserts its row with `on conflict do nothing`
 * (its unique index is on the merchant): of concurrent first saves one inserts, the others find
 * the row, lock it and update it, so none fails on the unique index.
 */
export async function updateMerchantSite(
  db: Database,
  actor: Actor,
  input: z.output<typeof siteDetails>,
) {
  return db.transaction(async (tx) => {
    const before = await getMerchantSite(tx, actor.merchantId);
    if (Object.keys(changedFields(before, input, FIELDS)).length === 0) return before;
    const [inserted] = await tx
      .insert(siteSettings)
      .values({ ...input, merchantId: actor.merchantId })
      // Its one unique index besides the generated id is the merchant's (site_settings_merchant_key).
      .onConflictDoNothing()
      .returning();
    let row = inserted;
    let changes = changedFields(before, input, FIELDS);
    if (!row) {
      const [existing] = await tx
        .select()
        .from(siteSettings)
        .where(eq(siteSettings.merchantId, actor.merchantId))
        .for('update');
      if (!existing) throw new Error('site settings row vanished');
      changes = changedFields(toDetails(existing), input, FIELDS);
      if (Object.keys(changes).length === 0) return toDetails(existing);
      [row] = await tx
        .update(siteSettings)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(siteSettings.id, existing.id))
        .returning();
    }
    await recordOperation(tx, actor, {
      action: 'site.update',
      targetType: 'site',
      targetId: actor.merchantId,
      detail: changes,
    });
    return toDetails(row as Row);
  });
}
