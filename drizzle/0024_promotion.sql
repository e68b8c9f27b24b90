CREATE TABLE "extensions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "extensions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text DEFAULT 'amountOff' NOT NULL,
	"threshold" numeric(14, 2) DEFAULT '0' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"category_id" bigint,
	"start_at" timestamp (3) with time zone NOT NULL,
	"end_at" timestamp (3) with time zone NOT NULL,
	"per_customer_limit" integer DEFAULT 0 NOT NULL,
	"budget" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "partner_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"partner_id" bigint NOT NULL,
	"until" timestamp (3) with time zone NOT NULL,
	"order_count" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"operator" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "selling_partners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "selling_partners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"level" text DEFAULT 'bronze' NOT NULL,
	"commission_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"invite_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "extension_id" bigint;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "extension_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "discount_amount" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "partner_id" bigint;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "partner_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "commission_rate" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "commission" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "commission_settled" numeric(14, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_orders" ADD COLUMN "commission_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "extensions" ADD CONSTRAINT "extensions_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settlements" ADD CONSTRAINT "partner_settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_settlements" ADD CONSTRAINT "partner_settlements_partner_id_selling_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."selling_partners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "selling_partners" ADD CONSTRAINT "selling_partners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extensions_list_created_idx" ON "extensions" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "extensions_list_start_idx" ON "extensions" USING btree ("merchant_id","start_at","id");--> statement-breakpoint
CREATE INDEX "partner_settlements_partner_idx" ON "partner_settlements" USING btree ("merchant_id","partner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "selling_partners_invite_code_unique" ON "selling_partners" USING btree ("merchant_id","invite_code");--> statement-breakpoint
CREATE UNIQUE INDEX "selling_partners_phone_unique" ON "selling_partners" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "selling_partners_list_created_idx" ON "selling_partners" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_extension_idx" ON "product_orders" USING btree ("extension_id","customer_key");--> statement-breakpoint
CREATE INDEX "product_orders_partner_idx" ON "product_orders" USING btree ("partner_id","paid_at");--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007).
SELECT "attach_list_version"('extensions');--> statement-breakpoint
SELECT "attach_list_version"('selling_partners');
