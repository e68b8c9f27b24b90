-- The job queue's list (/job-list) gets the list-version triggers (attached after migrating, for
-- every resource with a list: db/list-versions.ts), and its platform jobs have no merchant:
-- their rows raise no number.
CREATE OR REPLACE FUNCTION "raise_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_versions" ("merchant_id", "table_name")
    SELECT DISTINCT "merchant_id", TG_TABLE_NAME FROM "changed" WHERE "merchant_id" IS NOT NULL
  ON CONFLICT ("merchant_id", "table_name")
    DO UPDATE SET "version" = "list_versions"."version" + 1;
  RETURN NULL;
END $$;
