CREATE TABLE "evaluations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "evaluations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"items_summary" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"replied_at" timestamp (3) with time zone,
	"visible" boolean DEFAULT true NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_sandbox_refunds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_sandbox_refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"app_id" text NOT NULL,
	"trade_no" text NOT NULL,
	"out_refund_no" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"amount" numeric(14, 2),
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"name" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"specs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"specs_label" text DEFAULT '' NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"mode" text DEFAULT 'dineIn' NOT NULL,
	"table_id" bigint,
	"table_name" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"customer_key" text NOT NULL,
	"pay_manner" text NOT NULL,
	"items_summary" text NOT NULL,
	"item_count" integer NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"refunded_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"refund_requested" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_reason" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"trade_no" text DEFAULT '' NOT NULL,
	"pay_url" text,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"paid_at" timestamp (3) with time zone,
	"accepted_at" timestamp (3) with time zone,
	"completed_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"evaluated" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "evaluations" ADD CONSTRAINT "evaluations_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_events" ADD CONSTRAINT "product_order_events_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_order_items" ADD CONSTRAINT "product_order_items_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_orders" ADD CONSTRAINT "product_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "evaluations_order_key" ON "evaluations" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "evaluations_list_created_idx" ON "evaluations" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "evaluations_list_rating_idx" ON "evaluations" USING btree ("merchant_id","rating","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_sandbox_refunds_out_refund_no_key" ON "payment_sandbox_refunds" USING btree ("app_id","out_refund_no");--> statement-breakpoint
CREATE INDEX "payment_sandbox_refunds_trade_idx" ON "payment_sandbox_refunds" USING btree ("trade_no");--> statement-breakpoint
CREATE INDEX "product_order_events_order_idx" ON "product_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "product_order_items_order_idx" ON "product_order_items" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_orders_order_no_key" ON "product_orders" USING btree ("order_no");--> statement-breakpoint
CREATE INDEX "product_orders_list_created_idx" ON "product_orders" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_list_status_idx" ON "product_orders" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "product_orders_list_total_idx" ON "product_orders" USING btree ("merchant_id","total_amount","id");--> statement-breakpoint
CREATE INDEX "product_orders_paid_idx" ON "product_orders" USING btree ("merchant_id","paid_at");--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007, 0009).
SELECT "attach_list_version"('product_orders');--> statement-breakpoint
SELECT "attach_list_version"('evaluations');
