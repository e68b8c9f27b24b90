ALTER TABLE "products" ADD COLUMN "on_sale_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "off_sale_at" timestamp (3) with time zone;