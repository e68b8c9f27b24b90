CREATE TABLE "customers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"gender" text DEFAULT 'unknown' NOT NULL,
	"source" text DEFAULT 'store' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"total_spent" numeric(14, 2) DEFAULT '0.00' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"registered_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_active_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_list_registered_idx" ON "customers" USING btree ("merchant_id","registered_at","id");--> statement-breakpoint
CREATE INDEX "customers_list_active_idx" ON "customers" USING btree ("merchant_id","last_active_at","id");--> statement-breakpoint
CREATE INDEX "customers_list_spent_idx" ON "customers" USING btree ("merchant_id","total_spent","id");--> statement-breakpoint
CREATE INDEX "customers_list_orders_idx" ON "customers" USING btree ("merchant_id","order_count","id");--> statement-breakpoint
CREATE INDEX "customers_phone_idx" ON "customers" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "customers_tags_idx" ON "customers" USING gin ("tags");