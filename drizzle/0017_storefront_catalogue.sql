CREATE TABLE "carousels" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "carousels_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp (3) with time zone,
	"end_at" timestamp (3) with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"category_id" bigint,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"original_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'off' NOT NULL,
	"sales_count" integer DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carousels" ADD CONSTRAINT "carousels_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carousels_list_sort_idx" ON "carousels" USING btree ("merchant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "product_categories_list_sort_idx" ON "product_categories" USING btree ("merchant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "products_list_updated_idx" ON "products" USING btree ("merchant_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_list_category_idx" ON "products" USING btree ("merchant_id","category_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("merchant_id","price","id");--> statement-breakpoint
CREATE INDEX "products_list_sales_idx" ON "products" USING btree ("merchant_id","sales_count","id");--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007, 0009).
SELECT "attach_list_version"('product_categories');--> statement-breakpoint
SELECT "attach_list_version"('products');--> statement-breakpoint
SELECT "attach_list_version"('carousels');
