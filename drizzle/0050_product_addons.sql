ALTER TABLE "products" ADD COLUMN "addons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "addons_max" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packaging_fee" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_order_items" ADD COLUMN "addons" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_order_items" ADD COLUMN "sku_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "packaging_fee" numeric(14, 2) DEFAULT '0' NOT NULL;