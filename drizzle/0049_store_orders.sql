ALTER TABLE "print_jobs" ADD COLUMN "order_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "category_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_order_items" ADD COLUMN "refunded_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "pickup_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "diners" integer;