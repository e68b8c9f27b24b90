CREATE TABLE "coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'amountOff' NOT NULL,
	"threshold" numeric(14, 2) DEFAULT '0' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"scope" text DEFAULT 'all' NOT NULL,
	"category_id" bigint,
	"validity" text DEFAULT 'fixed' NOT NULL,
	"start_at" timestamp (3) with time zone,
	"end_at" timestamp (3) with time zone,
	"valid_days" integer DEFAULT 0 NOT NULL,
	"total_quantity" integer DEFAULT 1 NOT NULL,
	"per_customer_limit" integer DEFAULT 1 NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"claimable" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"issued_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_coupons" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customer_coupons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"coupon_id" bigint NOT NULL,
	"customer_id" bigint,
	"customer_key" text,
	"customer_name" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"valid_from" timestamp (3) with time zone NOT NULL,
	"valid_until" timestamp (3) with time zone NOT NULL,
	"order_id" bigint,
	"order_no" text DEFAULT '' NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "coupon_id" bigint;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "coupon_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "coupon_discount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_coupons" ADD CONSTRAINT "customer_coupons_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_list_created_idx" ON "coupons" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customer_coupons_coupon_idx" ON "customer_coupons" USING btree ("coupon_id","created_at");--> statement-breakpoint
CREATE INDEX "customer_coupons_customer_key_idx" ON "customer_coupons" USING btree ("merchant_id","customer_key");--> statement-breakpoint
CREATE INDEX "customer_coupons_customer_idx" ON "customer_coupons" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE INDEX "customer_coupons_code_idx" ON "customer_coupons" USING btree ("merchant_id","code");