CREATE TYPE "public"."action_status" AS ENUM('open', 'done');--> statement-breakpoint
CREATE TYPE "public"."oops_kind" AS ENUM('incident', 'near_miss', 'learning_moment');--> statement-breakpoint
CREATE TYPE "public"."oops_status" AS ENUM('Open', 'Closed');--> statement-breakpoint
CREATE TABLE "oops" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oops_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"slug" text NOT NULL,
	"kind" "oops_kind" DEFAULT 'incident' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"severity" text NOT NULL,
	"status" "oops_status" DEFAULT 'Open' NOT NULL,
	"area_department" text,
	"department" text,
	"oops_type" text,
	"product_system" text,
	"impact" text,
	"downtime_hours" double precision DEFAULT 0 NOT NULL,
	"users_affected" text,
	"systems_impacted" text,
	"detection_method" text,
	"owner_name" text,
	"root_cause" text,
	"lesson_learned" text,
	"preventability" smallint,
	"learning_value" smallint,
	"process_clarity" smallint,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"related_incidents" text[] DEFAULT '{}'::text[] NOT NULL,
	"timeline_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"response_team" text,
	"response_team_notified_at" timestamp with time zone,
	"stakeholders_notified" boolean DEFAULT false NOT NULL,
	"stakeholders_notified_at" timestamp with time zone,
	"root_cause_identified_at" timestamp with time zone,
	"root_cause_identified_by" text,
	"mitigation_steps" text,
	"mitigation_deployed_at" timestamp with time zone,
	"process_updated" boolean DEFAULT false NOT NULL,
	"process_updated_at" timestamp with time zone,
	"process_updated_by" text,
	"postmortem_completed" boolean DEFAULT false NOT NULL,
	"postmortem_completed_at" timestamp with time zone,
	"completeness" smallint DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "oops_actions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oops_actions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"oops_id" integer NOT NULL,
	"title" text NOT NULL,
	"owner_id" integer,
	"due_date" date,
	"status" "action_status" DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oops_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oops_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"oops_id" integer NOT NULL,
	"note" text NOT NULL,
	"added_by_id" integer,
	"added_by" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oops" ADD CONSTRAINT "oops_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops" ADD CONSTRAINT "oops_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD CONSTRAINT "oops_actions_oops_id_oops_id_fk" FOREIGN KEY ("oops_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD CONSTRAINT "oops_actions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD CONSTRAINT "oops_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_notes" ADD CONSTRAINT "oops_notes_oops_id_oops_id_fk" FOREIGN KEY ("oops_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_notes" ADD CONSTRAINT "oops_notes_added_by_id_users_id_fk" FOREIGN KEY ("added_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oops_team_created_idx" ON "oops" USING btree ("team_id","created_at","id");--> statement-breakpoint
CREATE INDEX "oops_team_status_created_idx" ON "oops" USING btree ("team_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "oops_team_kind_created_idx" ON "oops" USING btree ("team_id","kind","created_at","id");--> statement-breakpoint
CREATE INDEX "oops_team_department_idx" ON "oops" USING btree ("team_id","area_department");--> statement-breakpoint
CREATE INDEX "oops_search_idx" ON "oops" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "oops_actions_oops_idx" ON "oops_actions" USING btree ("oops_id","status");--> statement-breakpoint
CREATE INDEX "oops_notes_oops_idx" ON "oops_notes" USING btree ("oops_id","added_at");