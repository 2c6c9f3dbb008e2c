CREATE TABLE "team_custom_fields" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "team_custom_fields_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"type" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oops" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "team_custom_fields" ADD CONSTRAINT "team_custom_fields_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "team_custom_fields_key_key" ON "team_custom_fields" USING btree ("team_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "team_custom_fields_label_key" ON "team_custom_fields" USING btree ("team_id",lower("label"));--> statement-breakpoint
CREATE INDEX "oops_custom_fields_idx" ON "oops" USING gin ("custom_fields" jsonb_path_ops);