-- The site's index holds each order's status (drizzle cannot say INCLUDE): a list filtered by a
-- site and a status tests the status in the index, never reading an order that fails it.
DROP INDEX "marketplace_orders_list_site_idx";--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_site_idx" ON "marketplace_orders" USING btree ("merchant_id","site","ordered_at","id") INCLUDE ("status");
