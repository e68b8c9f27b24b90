CREATE TABLE "goods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"title" text NOT NULL,
	"category_id" bigint,
	"brand" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"bullet_points" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"keywords_id" bigint,
	"status" text DEFAULT 'draft' NOT NULL,
	"attributes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"variant_count" integer DEFAULT 0 NOT NULL,
	"stock_total" integer DEFAULT 0 NOT NULL,
	"price_min" numeric(14, 2) DEFAULT '0' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goods_variants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_variants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"goods_id" bigint NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"seller_sku" text NOT NULL,
	"upc" text DEFAULT '' NOT NULL,
	"cost" numeric(14, 2) DEFAULT '0' NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"weight" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_category_id_goods_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."goods_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods" ADD CONSTRAINT "goods_keywords_id_goods_keywords_id_fk" FOREIGN KEY ("keywords_id") REFERENCES "public"."goods_keywords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_variants" ADD CONSTRAINT "goods_variants_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_variants" ADD CONSTRAINT "goods_variants_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_list_updated_idx" ON "goods" USING btree ("merchant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "goods_category_status_idx" ON "goods" USING btree ("merchant_id","category_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "goods_list_stock_idx" ON "goods" USING btree ("merchant_id","stock_total","id");--> statement-breakpoint
CREATE INDEX "goods_list_price_idx" ON "goods" USING btree ("merchant_id","price_min","id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_variants_sku_unique" ON "goods_variants" USING btree ("merchant_id","seller_sku");--> statement-breakpoint
CREATE INDEX "goods_variants_goods_idx" ON "goods_variants" USING btree ("goods_id","sort_order");
--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007, 0009).
SELECT "attach_list_version"('goods');
