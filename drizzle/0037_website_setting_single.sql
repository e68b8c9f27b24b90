-- The website settings are the website-setting resource now (issue #17): their earlier log rows
-- read as its own, about its row (the merchant's settings row; they named the merchant's id).
UPDATE "operation_logs" AS "l"
SET
  "action" = 'website-setting.update',
  "target_type" = 'website-setting',
  "target_id" = coalesce(
    (SELECT "s"."id"::text FROM "site_settings" AS "s" WHERE "s"."merchant_id" = "l"."merchant_id"),
    "l"."target_id"
  )
WHERE "l"."action" = 'site.update';
