CREATE TABLE "review_photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"evaluation_id" bigint,
	"url" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_order_id_product_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."product_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_evaluation_id_evaluations_id_fk" FOREIGN KEY ("evaluation_id") REFERENCES "public"."evaluations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_url_key" ON "review_photos" USING btree ("url");--> statement-breakpoint
CREATE INDEX "review_photos_order_idx" ON "review_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "review_photos_evaluation_idx" ON "review_photos" USING btree ("evaluation_id");--> statement-breakpoint
-- The photos evaluations already show are theirs; a customer's upload no evaluation shows is
-- left to the upload sweep.
INSERT INTO "review_photos" ("merchant_id", "order_id", "evaluation_id", "url", "created_at")
SELECT e."merchant_id", e."order_id", e."id", u.url, e."created_at"
FROM "evaluations" e CROSS JOIN LATERAL unnest(e."images") AS u(url)
ON CONFLICT ("url") DO NOTHING;
