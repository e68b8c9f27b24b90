CREATE TABLE "marketplace_order_skus" (
	"merchant_id" bigint NOT NULL,
	"seller_sku" text NOT NULL,
	"ordered_at" timestamp (3) with time zone NOT NULL,
	"order_id" bigint NOT NULL,
	CONSTRAINT "marketplace_order_skus_merchant_id_seller_sku_ordered_at_order_id_pk" PRIMARY KEY("merchant_id","seller_sku","ordered_at","order_id")
);
--> statement-breakpoint
DROP INDEX "marketplace_orders_skus_idx";--> statement-breakpoint
ALTER TABLE "marketplace_order_skus" ADD CONSTRAINT "marketplace_order_skus_order_id_marketplace_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."marketplace_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "marketplace_order_skus_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "marketplace_order_skus" WHERE "order_id" = OLD."id";
  END IF;
  INSERT INTO "marketplace_order_skus" ("merchant_id", "seller_sku", "ordered_at", "order_id")
    SELECT DISTINCT NEW."merchant_id", s, NEW."ordered_at", NEW."id" FROM unnest(NEW."skus") s;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_skus_insert" AFTER INSERT ON "marketplace_orders"
  FOR EACH ROW EXECUTE FUNCTION "marketplace_order_skus_keep"();--> statement-breakpoint
CREATE TRIGGER "marketplace_orders_skus_update" AFTER UPDATE OF "skus", "ordered_at", "merchant_id"
  ON "marketplace_orders"
  FOR EACH ROW WHEN (OLD."skus" IS DISTINCT FROM NEW."skus" OR OLD."ordered_at" <> NEW."ordered_at"
    OR OLD."merchant_id" <> NEW."merchant_id")
  EXECUTE FUNCTION "marketplace_order_skus_keep"();--> statement-breakpoint
INSERT INTO "marketplace_order_skus" ("merchant_id", "seller_sku", "ordered_at", "order_id")
  SELECT DISTINCT o."merchant_id", s, o."ordered_at", o."id"
  FROM "marketplace_orders" o, unnest(o."skus") s;
