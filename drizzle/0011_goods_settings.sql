CREATE TABLE "goods_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"marketplace" text DEFAULT 'amazon' NOT NULL,
	"site" text DEFAULT 'US' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"exchange_rate" numeric(12, 4) DEFAULT '0' NOT NULL,
	"markup_percent" numeric(8, 2) DEFAULT '0' NOT NULL,
	"fixed_fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"end_in_99" boolean DEFAULT false NOT NULL,
	"handling_days" integer DEFAULT 2 NOT NULL,
	"default_stock" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_settings" ADD CONSTRAINT "goods_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_settings_list_updated_idx" ON "goods_settings" USING btree ("merchant_id","updated_at","id");
--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007, 0009).
SELECT "attach_list_version"('goods_settings');
