CREATE TABLE "shop_identities" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_identities_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"customer_key" text NOT NULL,
	"phone" text NOT NULL,
	"verified_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_tries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_tries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_verify_codes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shop_verify_codes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"phone" text NOT NULL,
	"customer_key" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_sandbox_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sms_sandbox_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"phone" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "extensions" ADD COLUMN "spent_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "buyer_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "client_ip" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders placed so far took their stock when placed (an unpaid one gives it back when cancelled);
-- from now on an order takes it when paid.
UPDATE "product_orders" SET "stock_taken" = true;--> statement-breakpoint
ALTER TABLE "shop_identities" ADD CONSTRAINT "shop_identities_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_verify_codes" ADD CONSTRAINT "shop_verify_codes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_identities_customer_key" ON "shop_identities" USING btree ("merchant_id","customer_key");--> statement-breakpoint
CREATE INDEX "shop_identities_phone_idx" ON "shop_identities" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "shop_tries_key_idx" ON "shop_tries" USING btree ("kind","key","created_at");--> statement-breakpoint
CREATE INDEX "shop_verify_codes_phone_idx" ON "shop_verify_codes" USING btree ("merchant_id","phone","customer_key","id");--> statement-breakpoint
CREATE INDEX "sms_sandbox_messages_phone_idx" ON "sms_sandbox_messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "product_orders_extension_buyer_idx" ON "product_orders" USING btree ("extension_id","buyer_phone");--> statement-breakpoint
CREATE INDEX "product_orders_unpaid_customer_idx" ON "product_orders" USING btree ("merchant_id","customer_key") WHERE "product_orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "product_orders_unpaid_buyer_idx" ON "product_orders" USING btree ("merchant_id","buyer_phone") WHERE "product_orders"."status" = 'unpaid';--> statement-breakpoint
CREATE INDEX "product_orders_unpaid_ip_idx" ON "product_orders" USING btree ("merchant_id","client_ip") WHERE "product_orders"."status" = 'unpaid';