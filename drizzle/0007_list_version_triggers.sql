-- Every statement that writes rows of a list table raises that merchant's number for the table
-- in list_versions, in the same transaction (see listVersions in schema.ts). Statement triggers
-- with transition tables: a bulk insert of a million rows raises it once. The operation log is
-- left out: nearly every transaction writes it, so its lists count every time instead.
CREATE FUNCTION "raise_list_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "list_versions" ("merchant_id", "table_name")
    SELECT DISTINCT "merchant_id", TG_TABLE_NAME FROM "changed"
  ON CONFLICT ("merchant_id", "table_name")
    DO UPDATE SET "version" = "list_versions"."version" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "articles_list_version_insert" AFTER INSERT ON "articles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "articles_list_version_update" AFTER UPDATE ON "articles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "articles_list_version_delete" AFTER DELETE ON "articles" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "customers_list_version_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "customers_list_version_update" AFTER UPDATE ON "customers" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "customers_list_version_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "admins_list_version_insert" AFTER INSERT ON "admins" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "admins_list_version_update" AFTER UPDATE ON "admins" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "admins_list_version_delete" AFTER DELETE ON "admins" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "help_articles_list_version_insert" AFTER INSERT ON "help_articles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "help_articles_list_version_update" AFTER UPDATE ON "help_articles" REFERENCING NEW TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
CREATE TRIGGER "help_articles_list_version_delete" AFTER DELETE ON "help_articles" REFERENCING OLD TABLE AS "changed" FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"();
--> statement-breakpoint
INSERT INTO "list_versions" ("merchant_id", "table_name")
  SELECT DISTINCT "merchant_id", 'articles' FROM "articles"
  UNION SELECT DISTINCT "merchant_id", 'customers' FROM "customers"
  UNION SELECT DISTINCT "merchant_id", 'admins' FROM "admins"
  UNION SELECT DISTINCT "merchant_id", 'help_articles' FROM "help_articles"
ON CONFLICT DO NOTHING;
