CREATE TABLE "store_details" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "store_details_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"logo" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"notice" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"latitude" numeric(10, 6) DEFAULT '0' NOT NULL,
	"longitude" numeric(10, 6) DEFAULT '0' NOT NULL,
	"hours" jsonb DEFAULT '{"week":[[{"from":"00:00","to":"24:00"}],[{"from":"00:00","to":"24:00"}],[{"from":"00:00","to":"24:00"}],[{"from":"00:00","to":"24:00"}],[{"from":"00:00","to":"24:00"}],[{"from":"00:00","to":"24:00"}],[{"from":"00:00","to":"24:00"}]],"exceptions":[]}'::jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_details" ADD CONSTRAINT "store_details_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_details_merchant_key" ON "store_details" USING btree ("merchant_id");