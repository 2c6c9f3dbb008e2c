CREATE TABLE "saved_views" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "saved_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_views" ADD CONSTRAINT "saved_views_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_views_user_team_name_key" ON "saved_views" USING btree ("user_id","team_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_views_team_idx" ON "saved_views" USING btree ("team_id");--> statement-breakpoint
CREATE INDEX "oops_team_occurred_idx" ON "oops" USING btree ("team_id",coalesce("occurred_at", "created_at"),"id");--> statement-breakpoint
CREATE INDEX "oops_team_severity_idx" ON "oops" USING btree ("team_id",(case "severity" when 'Low' then 1 when 'Medium' then 2 when 'High' then 3 when 'Critical' then 4 else 0 end),"id");--> statement-breakpoint
CREATE INDEX "oops_team_completeness_idx" ON "oops" USING btree ("team_id","completeness","id");
