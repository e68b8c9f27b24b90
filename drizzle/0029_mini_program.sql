CREATE TABLE "mini_program_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"actor" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_home_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_home_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT 'none' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"start_at" timestamp (3) with time zone,
	"end_at" timestamp (3) with time zone,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_info_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_info_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"name" text NOT NULL,
	"avatar" text NOT NULL,
	"intro" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'reviewing' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"task_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_registrations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"company_name" text NOT NULL,
	"credit_code" text NOT NULL,
	"legal_name" text NOT NULL,
	"legal_wechat" text NOT NULL,
	"contact_phone" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"appid" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"task_id" text,
	"resubmit_of" bigint,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_sandbox_apps" (
	"appid" text PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"experience" text,
	"released" text,
	"previous" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_sandbox_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_sandbox_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_sandbox_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" text NOT NULL,
	"kind" text NOT NULL,
	"merchant_id" bigint NOT NULL,
	"appid" text,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"notify_url" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_tasks" (
	"task_id" text PRIMARY KEY NOT NULL,
	"merchant_id" bigint NOT NULL,
	"subject" text NOT NULL,
	"subject_id" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_program_versions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mini_program_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"merchant_id" bigint NOT NULL,
	"template_id" text NOT NULL,
	"version" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"experience_url" text DEFAULT '' NOT NULL,
	"task_id" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp (3) with time zone,
	"released_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mini_programs" (
	"merchant_id" bigint PRIMARY KEY NOT NULL,
	"appid" text,
	"name" text DEFAULT '' NOT NULL,
	"avatar" text DEFAULT '' NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mini_program_events" ADD CONSTRAINT "mini_program_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_home_entries" ADD CONSTRAINT "mini_program_home_entries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_info_changes" ADD CONSTRAINT "mini_program_info_changes_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_registrations" ADD CONSTRAINT "mini_program_registrations_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_tasks" ADD CONSTRAINT "mini_program_tasks_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_program_versions" ADD CONSTRAINT "mini_program_versions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mini_programs" ADD CONSTRAINT "mini_programs_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mini_program_events_subject_idx" ON "mini_program_events" USING btree ("subject","subject_id","id");--> statement-breakpoint
CREATE INDEX "mini_program_home_entries_list_sort_idx" ON "mini_program_home_entries" USING btree ("merchant_id","position","sort_order","id");--> statement-breakpoint
CREATE INDEX "mini_program_info_changes_list_created_idx" ON "mini_program_info_changes" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mini_program_info_changes_task_key" ON "mini_program_info_changes" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "mini_program_registrations_list_created_idx" ON "mini_program_registrations" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mini_program_registrations_task_key" ON "mini_program_registrations" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mini_program_sandbox_tasks_task_key" ON "mini_program_sandbox_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "mini_program_versions_list_created_idx" ON "mini_program_versions" USING btree ("merchant_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mini_program_versions_task_key" ON "mini_program_versions" USING btree ("task_id");--> statement-breakpoint
-- hand-written: writes raise the lists' numbers in list_versions (0007).
SELECT "attach_list_version"('mini_program_registrations');--> statement-breakpoint
SELECT "attach_list_version"('mini_program_versions');--> statement-breakpoint
SELECT "attach_list_version"('mini_program_info_changes');--> statement-breakpoint
SELECT "attach_list_version"('mini_program_home_entries');
