DROP INDEX "carousels_list_sort_idx";--> statement-breakpoint
ALTER TABLE "carousels" ADD COLUMN "position" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "carousels_list_sort_idx" ON "carousels" USING btree ("merchant_id","position","sort_order","id");--> statement-breakpoint
-- The mini-program home's banners become carousels of its position (2), in their order.
INSERT INTO "carousels" ("merchant_id", "position", "title", "image", "link", "enabled", "start_at", "end_at", "sort_order", "created_at", "updated_at")
  SELECT "merchant_id", 2, "title", "image", "link", "enabled", "start_at", "end_at", "sort_order", "created_at", "updated_at"
  FROM "mini_program_home_entries" WHERE "position" = 1;--> statement-breakpoint
DELETE FROM "mini_program_home_entries" WHERE "position" = 1;
