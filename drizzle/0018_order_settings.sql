CREATE TABLE "order_settings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"unpaid_timeout_minutes" integer DEFAULT 15 NOT NULL,
	"auto_complete_days" integer DEFAULT 7 NOT NULL,
	"auto_praise_days" integer DEFAULT 7 NOT NULL,
	"refund_window_days" integer DEFAULT 7 NOT NULL,
	"auto_accept" boolean DEFAULT false NOT NULL,
	"new_order_sound" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_settings" ADD CONSTRAINT "order_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_settings_merchant_key" ON "order_settings" USING btree ("merchant_id");