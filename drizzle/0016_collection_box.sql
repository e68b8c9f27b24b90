CREATE TABLE "collection_box" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collection_box_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"source_url" text NOT NULL,
	"source_host" text NOT NULL,
	"title" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"price" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"brand" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"goods_id" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collection_box" ADD CONSTRAINT "collection_box_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_box_source_key" ON "collection_box" USING btree ("merchant_id","source_url");--> statement-breakpoint
CREATE INDEX "collection_box_list_created_idx" ON "collection_box" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "collection_box_status_idx" ON "collection_box" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007, 0009).
SELECT "attach_list_version"('collection_box');
