CREATE TABLE "goods_upc" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "goods_upc_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'unused' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goods_upc" ADD CONSTRAINT "goods_upc_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goods_upc_code_key" ON "goods_upc" USING btree ("merchant_id","code");--> statement-breakpoint
CREATE INDEX "goods_upc_list_created_idx" ON "goods_upc" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "goods_upc_status_idx" ON "goods_upc" USING btree ("merchant_id","status","created_at","id");--> statement-breakpoint
SELECT "attach_list_version"('goods_upc');
