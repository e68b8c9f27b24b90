ALTER TABLE "jobs" ADD COLUMN "merchant_id" bigint;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_list_created_idx" ON "jobs" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "jobs_failed_idx" ON "jobs" USING btree ("merchant_id") WHERE "jobs"."state" = 'failed';--> statement-breakpoint
-- Jobs queued before the column: their merchant read off the row their payload names.
UPDATE "jobs" j SET "merchant_id" = f."merchant_id" FROM "feeds" f
  WHERE j."name" = 'feeds.process' AND f."id" = (j."payload"->>'feedId')::bigint;--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = o."merchant_id" FROM "product_orders" o
  WHERE j."name" IN ('product-order.auto-complete', 'product-order.auto-praise') AND o."id" = (j."payload"->>'id')::bigint;--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = o."merchant_id" FROM "product_orders" o
  WHERE j."name" = 'product-order.timeout' AND o."order_no" = j."payload"->>'orderNo';--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = r."merchant_id" FROM "recharge_orders" r
  WHERE j."name" = 'cost-center.recharge-check' AND r."order_no" = j."payload"->>'orderNo';--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = p."merchant_id" FROM "print_jobs" p
  WHERE j."name" = 'printer.print' AND p."id" = (j."payload"->>'printJobId')::bigint;--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = o."merchant_id" FROM "marketplace_orders" o
  WHERE j."name" IN ('marketplace-order.paid', 'marketplace-order.deliver', 'marketplace-order.update') AND o."id" = (j."payload"->>'id')::bigint;--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = s."merchant_id" FROM "marketplace_settlements" s
  WHERE j."name" = 'marketplace-order.settle' AND s."id" = (j."payload"->>'id')::bigint;--> statement-breakpoint
UPDATE "jobs" j SET "merchant_id" = e."merchant_id" FROM "extensions" e
  WHERE j."name" = 'extension.clock' AND e."id" = (j."payload"->>'id')::bigint;
