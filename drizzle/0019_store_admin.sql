CREATE TABLE "pay_manners" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pay_manners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"mch_id" text DEFAULT '' NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"secret_encrypted" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "print_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"printer_id" bigint NOT NULL,
	"order_id" bigint,
	"source" text NOT NULL,
	"content" text NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"printed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "printer_sandbox_receipts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printer_sandbox_receipts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"serial" text NOT NULL,
	"print_job_id" bigint NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "printers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "printers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"brand" text DEFAULT 'sandbox' NOT NULL,
	"serial" text NOT NULL,
	"secret_key" text DEFAULT '' NOT NULL,
	"copies" integer DEFAULT 1 NOT NULL,
	"paper" text DEFAULT '58' NOT NULL,
	"auto_print" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_numbers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "table_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"seats" integer DEFAULT 4 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_manners" ADD CONSTRAINT "pay_manners_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_printer_id_printers_id_fk" FOREIGN KEY ("printer_id") REFERENCES "public"."printers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printers" ADD CONSTRAINT "printers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_numbers" ADD CONSTRAINT "table_numbers_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pay_manners_list_sort_idx" ON "pay_manners" USING btree ("merchant_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "print_jobs_printer_idx" ON "print_jobs" USING btree ("merchant_id","printer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "printer_sandbox_receipts_job_key" ON "printer_sandbox_receipts" USING btree ("print_job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "printers_serial_unique" ON "printers" USING btree ("merchant_id","serial");--> statement-breakpoint
CREATE INDEX "printers_list_created_idx" ON "printers" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_numbers_name_unique" ON "table_numbers" USING btree ("merchant_id","name");--> statement-breakpoint
CREATE INDEX "table_numbers_list_area_idx" ON "table_numbers" USING btree ("merchant_id","area","id");--> statement-breakpoint
CREATE INDEX "table_numbers_list_name_idx" ON "table_numbers" USING btree ("merchant_id","name","id");--> statement-breakpoint
CREATE INDEX "table_numbers_list_created_idx" ON "table_numbers" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
-- Writes raise the list's number in list_versions (0007, 0009).
SELECT "attach_list_version"('printers');--> statement-breakpoint
SELECT "attach_list_version"('pay_manners');--> statement-breakpoint
SELECT "attach_list_version"('table_numbers');
