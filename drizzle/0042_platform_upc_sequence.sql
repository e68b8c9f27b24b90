CREATE SEQUENCE "public"."platform_upc_item_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 99999999 START WITH 1 CACHE 1;--> statement-breakpoint
-- The next number sold comes after every 069… code already in any pool (bought, or added by
-- hand before the prefix was refused), so none of them is sold again.
SELECT setval('"public"."platform_upc_item_seq"', coalesce(max(item), 1), max(item) IS NOT NULL)
FROM (
  SELECT substr(code, length(code) - 8, 8)::bigint AS item
  FROM goods_upc
  WHERE code ~ '^0?069[0-9]{9}$'
) AS sold;
