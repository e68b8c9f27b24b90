CREATE TABLE "marketplace_accounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"marketplace" text DEFAULT 'amazon' NOT NULL,
	"region" text NOT NULL,
	"seller_id" text NOT NULL,
	"refresh_token_encrypted" text DEFAULT '' NOT NULL,
	"marketplace_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'unchecked' NOT NULL,
	"check_message" text DEFAULT '' NOT NULL,
	"checked_at" timestamp (3) with time zone,
	"orders_cursor" timestamp (3) with time zone,
	"orders_synced_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "brand" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_items" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "product_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "feeds" ADD COLUMN "remote_feed_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "goods_settings" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "goods_settings" ADD COLUMN "product_type" text DEFAULT 'PRODUCT' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "reason_detail" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "product_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD COLUMN "remote_item_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD COLUMN "account_id" bigint;--> statement-breakpoint
ALTER TABLE "marketplace_accounts" ADD CONSTRAINT "marketplace_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_accounts_seller_unique" ON "marketplace_accounts" USING btree ("merchant_id","seller_id");--> statement-breakpoint
CREATE INDEX "marketplace_accounts_list_created_idx" ON "marketplace_accounts" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
ALTER TABLE "feeds" ADD CONSTRAINT "feeds_account_id_marketplace_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."marketplace_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goods_settings" ADD CONSTRAINT "goods_settings_account_id_marketplace_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."marketplace_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_account_id_marketplace_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."marketplace_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_account_id_marketplace_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."marketplace_accounts"("id") ON DELETE set null ON UPDATE no action;