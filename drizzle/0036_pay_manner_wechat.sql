ALTER TABLE "pay_manners" ADD COLUMN "cert_serial" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_manners" ADD COLUMN "api_v3_key_encrypted" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_manners" ADD COLUMN "wechat_public_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_manners" ADD COLUMN "wechat_public_key_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A WeChat Pay manner saved before took no payments, and its key was not the API private key its gateway now signs with: kept, but disabled until the merchant completes it (the form then asks for every field).
UPDATE "pay_manners" SET "enabled" = false WHERE "kind" = 'wechat';
