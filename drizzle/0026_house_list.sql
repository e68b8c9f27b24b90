CREATE TABLE "house_listings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "house_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"source_id" bigint NOT NULL,
	"title" text NOT NULL,
	"district" text NOT NULL,
	"community" text DEFAULT '' NOT NULL,
	"total_price" numeric(12, 2),
	"unit_price" numeric(14, 2),
	"area" numeric(10, 2),
	"rooms" integer,
	"status" text NOT NULL,
	"broker_id" bigint,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "house_listings" ADD CONSTRAINT "house_listings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "house_listings_source_key" ON "house_listings" USING btree ("kind","source_id");--> statement-breakpoint
CREATE INDEX "house_listings_list_created_idx" ON "house_listings" USING btree ("merchant_id","created_at","id") INCLUDE ("total_price", "unit_price", "area", "rooms");--> statement-breakpoint
CREATE INDEX "house_listings_list_price_idx" ON "house_listings" USING btree ("merchant_id","total_price","id") INCLUDE ("unit_price", "area", "rooms");--> statement-breakpoint
CREATE INDEX "house_listings_list_unit_price_idx" ON "house_listings" USING btree ("merchant_id","unit_price","id") INCLUDE ("total_price", "area", "rooms");--> statement-breakpoint
CREATE INDEX "house_listings_list_area_idx" ON "house_listings" USING btree ("merchant_id","area","id") INCLUDE ("total_price", "unit_price", "rooms");--> statement-breakpoint
-- Every write to a listing of either kind (create, update, transition, import, delete) is kept
-- in house_listings in the same statement, so /house-list never shows a listing as it was.
CREATE FUNCTION "house_listing_of_resale"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "house_listings" WHERE "kind" = 'secondHand' AND "source_id" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "house_listings" ("merchant_id", "kind", "source_id", "title", "district",
    "community", "total_price", "unit_price", "area", "rooms", "status", "broker_id", "created_at")
  VALUES (NEW."merchant_id", 'secondHand', NEW."id", NEW."title", NEW."district", NEW."community",
    NEW."total_price", NEW."unit_price", NEW."area", NEW."rooms", NEW."status", NEW."broker_id",
    NEW."created_at")
  ON CONFLICT ("kind", "source_id") DO UPDATE SET "title" = EXCLUDED."title",
    "district" = EXCLUDED."district", "community" = EXCLUDED."community",
    "total_price" = EXCLUDED."total_price", "unit_price" = EXCLUDED."unit_price",
    "area" = EXCLUDED."area", "rooms" = EXCLUDED."rooms", "status" = EXCLUDED."status",
    "broker_id" = EXCLUDED."broker_id", "updated_at" = now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE FUNCTION "house_listing_of_project"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "house_listings" WHERE "kind" = 'newHouse' AND "source_id" = OLD."id";
    RETURN OLD;
  END IF;
  INSERT INTO "house_listings" ("merchant_id", "kind", "source_id", "title", "district",
    "community", "unit_price", "status", "created_at")
  VALUES (NEW."merchant_id", 'newHouse', NEW."id", NEW."name", NEW."district", NEW."developer",
    NULLIF(NEW."price_min", 0), NEW."status", NEW."created_at")
  ON CONFLICT ("kind", "source_id") DO UPDATE SET "title" = EXCLUDED."title",
    "district" = EXCLUDED."district", "community" = EXCLUDED."community",
    "unit_price" = EXCLUDED."unit_price", "status" = EXCLUDED."status", "updated_at" = now();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "second_hand_houses_listing" AFTER INSERT OR UPDATE OR DELETE ON "second_hand_houses"
  FOR EACH ROW EXECUTE FUNCTION "house_listing_of_resale"();--> statement-breakpoint
CREATE TRIGGER "new_houses_listing" AFTER INSERT OR UPDATE OR DELETE ON "new_houses"
  FOR EACH ROW EXECUTE FUNCTION "house_listing_of_project"();--> statement-breakpoint
-- The listings written before this migration.
INSERT INTO "house_listings" ("merchant_id", "kind", "source_id", "title", "district", "community",
  "total_price", "unit_price", "area", "rooms", "status", "broker_id", "created_at")
SELECT "merchant_id", 'secondHand', "id", "title", "district", "community", "total_price",
  "unit_price", "area", "rooms", "status", "broker_id", "created_at" FROM "second_hand_houses";--> statement-breakpoint
INSERT INTO "house_listings" ("merchant_id", "kind", "source_id", "title", "district", "community",
  "unit_price", "status", "created_at")
SELECT "merchant_id", 'newHouse', "id", "name", "district", "developer", NULLIF("price_min", 0),
  "status", "created_at" FROM "new_houses";--> statement-breakpoint
SELECT "attach_list_version"('house_listings');
