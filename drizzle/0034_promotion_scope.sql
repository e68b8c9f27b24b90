ALTER TABLE "coupons" DROP CONSTRAINT "coupons_category_id_product_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "extensions" DROP CONSTRAINT "extensions_category_id_product_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "category_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "product_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "extensions" ADD COLUMN "scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "extensions" ADD COLUMN "category_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "extensions" ADD COLUMN "product_ids" bigint[] DEFAULT '{}'::bigint[] NOT NULL;--> statement-breakpoint
-- A campaign's or coupon's one category becomes the list of its categories, its scope saying so
-- (a coupon's scope of one category is now a scope of categories).
UPDATE "extensions" SET "scope" = 'categories', "category_ids" = ARRAY["category_id"] WHERE "category_id" IS NOT NULL;--> statement-breakpoint
UPDATE "coupons" SET "category_ids" = ARRAY["category_id"] WHERE "category_id" IS NOT NULL AND "scope" = 'category';--> statement-breakpoint
UPDATE "coupons" SET "scope" = 'categories' WHERE "scope" = 'category';--> statement-breakpoint
ALTER TABLE "coupons" DROP COLUMN "category_id";--> statement-breakpoint
ALTER TABLE "extensions" DROP COLUMN "category_id";