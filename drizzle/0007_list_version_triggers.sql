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
DO $$
DECLARE
  list_table text;
BEGIN
  FOREACH list_table IN ARRAY ARRAY['articles', 'customers', 'admins', 'help_articles'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed" '
      'FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"()', list_table || '_list_version_insert', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed" '
      'FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"()', list_table || '_list_version_update', list_table);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed" '
      'FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"()', list_table || '_list_version_delete', list_table);
    EXECUTE format('INSERT INTO "list_versions" ("merchant_id", "table_name") '
      'SELECT DISTINCT "merchant_id", %L FROM %I ON CONFLICT DO NOTHING', list_table, list_table);
  END LOOP;
END $$;
