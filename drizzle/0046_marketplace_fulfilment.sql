ALTER TABLE "feed_items" ADD COLUMN "parent_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "variation_theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "variation" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_settings" ADD COLUMN "rate_fetched_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "parent_sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "variation_theme" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_address1" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_address2" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_city" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_postal_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "ship_country" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "label_tracking_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "label_carrier" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "label_at" timestamp (3) with time zone;--> statement-breakpoint
-- Listing settings of one merchant that share a name are told apart before the name turns unique.
UPDATE "goods_settings" AS s SET "name" = s."name" || ' (' || s."id" || ')'
WHERE EXISTS (SELECT 1 FROM "goods_settings" o WHERE o."merchant_id" = s."merchant_id" AND o."name" = s."name" AND o."id" < s."id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_settings_name_unique" ON "goods_settings" USING btree ("merchant_id","name");