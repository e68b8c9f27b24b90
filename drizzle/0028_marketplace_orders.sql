CREATE TABLE "marketplace_buyer_days" (
	"merchant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"buyer" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "marketplace_buyer_days_merchant_id_day_buyer_pk" PRIMARY KEY("merchant_id","day","buyer")
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_days" (
	"merchant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"marketplace" text NOT NULL,
	"site" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales" numeric(16, 2) DEFAULT '0' NOT NULL,
	"fees" numeric(16, 2) DEFAULT '0' NOT NULL,
	"refunds" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "marketplace_order_days_merchant_id_day_marketplace_site_pk" PRIMARY KEY("merchant_id","day","marketplace","site")
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"type" text NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_order_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_order_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"merchant_id" bigint NOT NULL,
	"listing_id" bigint,
	"goods_id" bigint,
	"seller_sku" text NOT NULL,
	"title" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(14, 2) NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"amount_cny" numeric(14, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"order_no" text NOT NULL,
	"marketplace" text NOT NULL,
	"site" text NOT NULL,
	"buyer" text NOT NULL,
	"items_summary" text DEFAULT '' NOT NULL,
	"skus" text[] DEFAULT '{}'::text[] NOT NULL,
	"units" integer NOT NULL,
	"currency" text NOT NULL,
	"goods_amount" numeric(14, 2) NOT NULL,
	"shipping_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"exchange_rate" numeric(12, 4) NOT NULL,
	"total_cny" numeric(14, 2) NOT NULL,
	"fees_cny" numeric(14, 2) NOT NULL,
	"refund_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"refund_cny" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text NOT NULL,
	"carrier" text,
	"tracking_no" text DEFAULT '' NOT NULL,
	"ship_by" timestamp (3) with time zone NOT NULL,
	"ordered_at" timestamp (3) with time zone NOT NULL,
	"shipped_at" timestamp (3) with time zone,
	"delivered_at" timestamp (3) with time zone,
	"refunded_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_settlements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"marketplace" text NOT NULL,
	"site" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'downloading' NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"reported" numeric(16, 2) DEFAULT '0' NOT NULL,
	"expected" numeric(16, 2) DEFAULT '0' NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_sku_days" (
	"merchant_id" bigint NOT NULL,
	"day" date NOT NULL,
	"seller_sku" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"sales" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "marketplace_sku_days_merchant_id_day_seller_sku_pk" PRIMARY KEY("merchant_id","day","seller_sku")
);
--> statement-breakpoint
ALTER TABLE "marketplace_order_events" ADD CONSTRAINT "marketplace_order_events_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_order_items" ADD CONSTRAINT "marketplace_order_items_goods_id_goods_id_fk" FOREIGN KEY ("goods_id") REFERENCES "public"."goods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_orders" ADD CONSTRAINT "marketplace_orders_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_settlements" ADD CONSTRAINT "marketplace_settlements_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_order_events_order_idx" ON "marketplace_order_events" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "marketplace_order_items_order_idx" ON "marketplace_order_items" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_no_unique" ON "marketplace_orders" USING btree ("merchant_id","marketplace","order_no");--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_ordered_idx" ON "marketplace_orders" USING btree ("merchant_id","ordered_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_status_idx" ON "marketplace_orders" USING btree ("merchant_id","status","ordered_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_site_idx" ON "marketplace_orders" USING btree ("merchant_id","site","ordered_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_buyer_idx" ON "marketplace_orders" USING btree ("merchant_id","buyer","ordered_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_list_total_idx" ON "marketplace_orders" USING btree ("merchant_id","total_cny","id");--> statement-breakpoint
CREATE INDEX "marketplace_orders_skus_idx" ON "marketplace_orders" USING gin ("skus");--> statement-breakpoint
CREATE INDEX "marketplace_settlements_merchant_idx" ON "marketplace_settlements" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
-- hand-written: the figures of /transaction_overview and /order-data-top, kept in the statement
-- that changes an order, so that a period's figures are a read of its days, never a scan of its
-- orders. An order counts on its Beijing day unless cancelled; its refund on the refund's day. Its
-- lines count for their SKUs when they are written (they come after the order), and again when
-- the order is cancelled or restored. Orders are never deleted by the product.
CREATE FUNCTION "marketplace_order_count"(o "marketplace_orders", sign integer, with_items boolean)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d date := (o."ordered_at" AT TIME ZONE 'Asia/Shanghai')::date;
BEGIN
  IF o."status" <> 'cancelled' THEN
    INSERT INTO "marketplace_order_days" AS t
      ("merchant_id", "day", "marketplace", "site", "orders", "units", "sales", "fees")
    VALUES (o."merchant_id", d, o."marketplace", o."site", sign, sign * o."units",
      sign * o."total_cny", sign * o."fees_cny")
    ON CONFLICT ("merchant_id", "day", "marketplace", "site") DO UPDATE SET
      "orders" = t."orders" + EXCLUDED."orders", "units" = t."units" + EXCLUDED."units",
      "sales" = t."sales" + EXCLUDED."sales", "fees" = t."fees" + EXCLUDED."fees";
    INSERT INTO "marketplace_buyer_days" AS t
      ("merchant_id", "day", "buyer", "orders", "units", "sales")
    VALUES (o."merchant_id", d, o."buyer", sign, sign * o."units", sign * o."total_cny")
    ON CONFLICT ("merchant_id", "day", "buyer") DO UPDATE SET
      "orders" = t."orders" + EXCLUDED."orders", "units" = t."units" + EXCLUDED."units",
      "sales" = t."sales" + EXCLUDED."sales";
    IF with_items THEN
      INSERT INTO "marketplace_sku_days" AS t
        ("merchant_id", "day", "seller_sku", "orders", "units", "sales")
      SELECT o."merchant_id", d, i."seller_sku", sign, sign * sum(i."quantity"),
        sign * sum(i."amount_cny")
      FROM "marketplace_order_items" i WHERE i."order_id" = o."id" GROUP BY i."seller_sku"
      ON CONFLICT ("merchant_id", "day", "seller_sku") DO UPDATE SET
        "orders" = t."orders" + EXCLUDED."orders", "units" = t."units" + EXCLUDED."units",
        "sales" = t."sales" + EXCLUDED."sales";
    END IF;
  END IF;
  IF o."refunded_at" IS NOT NULL AND o."refund_cny" <> 0 THEN
    INSERT INTO "marketplace_order_days" AS t
      ("merchant_id", "day", "marketplace", "site", "refunds")
    VALUES (o."merchant_id", (o."refunded_at" AT TIME ZONE 'Asia/Shanghai')::date,
      o."marketplace", o."site", sign * o."refund_cny")
    ON CONFLICT ("merchant_id", "day", "marketplace", "site") DO UPDATE SET
      "refunds" = t."refunds" + EXCLUDED."refunds";
  END IF;
END $$;--> statement-breakpoint
CREATE FUNCTION "marketplace_order_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM "marketplace_order_count"(OLD, -1, true); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM "marketplace_order_count"(NEW, 1, TG_OP = 'UPDATE'); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_figures_insert" AFTER INSERT OR DELETE ON "marketplace_orders"
  FOR EACH ROW EXECUTE FUNCTION "marketplace_order_figures"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_figures_update" AFTER UPDATE ON "marketplace_orders"
  FOR EACH ROW WHEN ((OLD."status" = 'cancelled') IS DISTINCT FROM (NEW."status" = 'cancelled')
    OR OLD."refund_cny" IS DISTINCT FROM NEW."refund_cny"
    OR OLD."refunded_at" IS DISTINCT FROM NEW."refunded_at")
  EXECUTE FUNCTION "marketplace_order_figures"();--> statement-breakpoint
CREATE FUNCTION "marketplace_order_item_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o "marketplace_orders";
BEGIN
  SELECT * INTO o FROM "marketplace_orders" WHERE "id" = NEW."order_id";
  IF o."status" <> 'cancelled' THEN
    INSERT INTO "marketplace_sku_days" AS t
      ("merchant_id", "day", "seller_sku", "orders", "units", "sales")
    VALUES (o."merchant_id", (o."ordered_at" AT TIME ZONE 'Asia/Shanghai')::date,
      NEW."seller_sku", 1, NEW."quantity", NEW."amount_cny")
    ON CONFLICT ("merchant_id", "day", "seller_sku") DO UPDATE SET
      "orders" = t."orders" + EXCLUDED."orders", "units" = t."units" + EXCLUDED."units",
      "sales" = t."sales" + EXCLUDED."sales";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marketplace_order_items_figures" AFTER INSERT ON "marketplace_order_items"
  FOR EACH ROW EXECUTE FUNCTION "marketplace_order_item_figures"();
--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007).
SELECT "attach_list_version"('marketplace_orders');
