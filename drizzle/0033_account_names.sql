DROP INDEX "admins_name_key";--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "code" text DEFAULT substr(md5(random()::text), 1, 8) NOT NULL;--> statement-breakpoint
-- The merchant of the first start: its sub-accounts sign in as name@main (as a new install's).
UPDATE "merchants" SET "code" = 'main' WHERE "id" = (SELECT min("id") FROM "merchants");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_merchant_name_key" ON "admins" USING btree ("merchant_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "admins_owner_name_key" ON "admins" USING btree (lower("name")) WHERE "admins"."is_owner";--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_code_key" ON "merchants" USING btree (lower("code"));