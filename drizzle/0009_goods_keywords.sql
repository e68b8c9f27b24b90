CREATE TABLE "goods_keywords" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_keywords_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"marketplace" text DEFAULT 'amazon' NOT NULL,
	"site" text DEFAULT 'US' NOT NULL,
	"keywords" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_keywords" ADD CONSTRAINT "goods_keywords_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_keywords_list_updated_idx" ON "goods_keywords" USING btree ("merchant_id","updated_at","id");--> statement-breakpoint
-- A list table's writes raise its number in list_versions (0007); one call per new list table.
CREATE FUNCTION "attach_list_version"(list_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "changed" '
    'FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"()', list_table || '_list_version_insert', list_table);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS "changed" '
    'FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"()', list_table || '_list_version_update', list_table);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "changed" '
    'FOR EACH STATEMENT EXECUTE FUNCTION "raise_list_version"()', list_table || '_list_version_delete', list_table);
END $$;
--> statement-breakpoint
SELECT "attach_list_version"('goods_keywords');
