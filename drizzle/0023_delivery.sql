ALTER TABLE "order_settings" ADD COLUMN "delivery_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "delivery_fee" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_settings" ADD COLUMN "delivery_minimum" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "delivery_fee" numeric(14, 2) DEFAULT '0' NOT NULL;