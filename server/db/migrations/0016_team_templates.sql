CREATE TABLE "team_incident_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_incident_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"severity" text NOT NULL,
	"area_department" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"detection_methods" text[] DEFAULT '{}'::text[] NOT NULL,
	"common_impacts" text[] DEFAULT '{}'::text[] NOT NULL,
	"owners" text[] DEFAULT '{}'::text[] NOT NULL,
	"root_causes" text[] DEFAULT '{}'::text[] NOT NULL,
	"lessons_learned" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_incident_types" ADD CONSTRAINT "team_incident_types_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_incident_types" ADD CONSTRAINT "team_incident_types_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_incident_types" ADD CONSTRAINT "team_incident_types_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_incident_types_name_key" ON "team_incident_types" USING btree ("team_id",lower("name"));