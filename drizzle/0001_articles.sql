CREATE TABLE "articles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"article_type" smallint NOT NULL,
	"title" text NOT NULL,
	"cover_url" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp (3) with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_type_check" CHECK ("articles"."article_type" between 1 and 10)
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_list_created_idx" ON "articles" USING btree ("merchant_id","article_type","created_at","id");--> statement-breakpoint
CREATE INDEX "articles_list_published_idx" ON "articles" USING btree ("merchant_id","article_type","published_at","id");--> statement-breakpoint
CREATE INDEX "articles_list_sort_idx" ON "articles" USING btree ("merchant_id","article_type","sort_order","id");--> statement-breakpoint
CREATE INDEX "articles_list_views_idx" ON "articles" USING btree ("merchant_id","article_type","views","id");