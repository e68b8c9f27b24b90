CREATE TABLE "brokers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "brokers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"agency" text DEFAULT '' NOT NULL,
	"licence_no" text DEFAULT '' NOT NULL,
	"service_areas" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "new_houses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "new_houses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"developer" text DEFAULT '' NOT NULL,
	"district" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"property_type" text DEFAULT 'residential' NOT NULL,
	"price_min" numeric(14, 2) DEFAULT '0' NOT NULL,
	"price_max" numeric(14, 2) DEFAULT '0' NOT NULL,
	"opening_date" timestamp (3) with time zone,
	"delivery_date" date,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'upcoming' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "second_hand_houses" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "second_hand_houses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"title" text NOT NULL,
	"community" text NOT NULL,
	"district" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"rooms" integer DEFAULT 2 NOT NULL,
	"halls" integer DEFAULT 1 NOT NULL,
	"baths" integer DEFAULT 1 NOT NULL,
	"area" numeric(10, 2) NOT NULL,
	"floor" integer DEFAULT 1 NOT NULL,
	"total_floors" integer DEFAULT 6 NOT NULL,
	"orientation" text DEFAULT 'south' NOT NULL,
	"decoration" text DEFAULT 'simple' NOT NULL,
	"build_year" integer DEFAULT 2010 NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"unit_price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"broker_id" bigint,
	"status" text DEFAULT 'onSale' NOT NULL,
	"status_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brokers" ADD CONSTRAINT "brokers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "new_houses" ADD CONSTRAINT "new_houses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_hand_houses" ADD CONSTRAINT "second_hand_houses_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_hand_houses" ADD CONSTRAINT "second_hand_houses_broker_id_brokers_id_fk" FOREIGN KEY ("broker_id") REFERENCES "public"."brokers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brokers_phone_unique" ON "brokers" USING btree ("merchant_id","phone");--> statement-breakpoint
CREATE INDEX "brokers_list_created_idx" ON "brokers" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "new_houses_list_created_idx" ON "new_houses" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "new_houses_list_price_idx" ON "new_houses" USING btree ("merchant_id","price_min","id");--> statement-breakpoint
CREATE INDEX "second_hand_houses_list_created_idx" ON "second_hand_houses" USING btree ("merchant_id","created_at","id") INCLUDE ("total_price", "unit_price", "area", "rooms");--> statement-breakpoint
CREATE INDEX "second_hand_houses_list_price_idx" ON "second_hand_houses" USING btree ("merchant_id","total_price","id") INCLUDE ("unit_price", "area", "rooms");--> statement-breakpoint
CREATE INDEX "second_hand_houses_list_unit_price_idx" ON "second_hand_houses" USING btree ("merchant_id","unit_price","id") INCLUDE ("total_price", "area", "rooms");--> statement-breakpoint
CREATE INDEX "second_hand_houses_list_area_idx" ON "second_hand_houses" USING btree ("merchant_id","area","id") INCLUDE ("total_price", "unit_price", "rooms");--> statement-breakpoint
CREATE INDEX "second_hand_houses_broker_idx" ON "second_hand_houses" USING btree ("broker_id","status");--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007).
SELECT "attach_list_version"('brokers');--> statement-breakpoint
SELECT "attach_list_version"('second_hand_houses');--> statement-breakpoint
SELECT "attach_list_version"('new_houses');
