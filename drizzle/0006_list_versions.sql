CREATE TABLE "list_versions" (
	"merchant_id" bigint NOT NULL,
	"table_name" text NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "list_versions_merchant_id_table_name_pk" PRIMARY KEY("merchant_id","table_name")
);
