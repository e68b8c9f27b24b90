-- A site with one status walks its own index (merchant, site, status, time): the page's ids are
-- its first 20 entries. The site's index holds no status any more (it held it by INCLUDE,
-- migration 0040): with it, PostgreSQL preferred that index for a site and a status, passing
-- every newer order of another status (1,233 for the bench's page of UK's delivered orders).
CREATE INDEX "marketplace_orders_list_site_status_idx" ON "marketplace_orders" USING btree ("merchant_id","site","status","ordered_at","id");--> statement-breakpoint
DROP INDEX "marketplace_orders_list_site_idx";--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_site_idx" ON "marketplace_orders" USING btree ("merchant_id","site","ordered_at","id");
