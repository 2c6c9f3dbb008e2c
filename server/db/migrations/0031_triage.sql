-- Triage of near-misses and learning moments (decision 049): one outcome per report, and the reporter's
-- preference for e-mailed feedback on their reports.
CREATE TABLE "oops_triage" (
	"oops_id" integer PRIMARY KEY NOT NULL,
	"team_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"note" text NOT NULL,
	"triaged_by" integer,
	"triaged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action_id" integer,
	"fix_verification" text,
	"fix_verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "notify_feedback" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "oops_triage" ADD CONSTRAINT "oops_triage_oops_id_oops_id_fk" FOREIGN KEY ("oops_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_triage" ADD CONSTRAINT "oops_triage_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_triage" ADD CONSTRAINT "oops_triage_triaged_by_users_id_fk" FOREIGN KEY ("triaged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_triage" ADD CONSTRAINT "oops_triage_action_id_oops_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."oops_actions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oops_triage_team_triaged_idx" ON "oops_triage" USING btree ("team_id","triaged_at");--> statement-breakpoint
CREATE INDEX "oops_triage_action_idx" ON "oops_triage" USING btree ("action_id");
--> statement-breakpoint
ALTER TABLE "oops_triage" ADD CONSTRAINT "oops_triage_outcome_check" CHECK ("outcome" IN ('system_issue', 'needs_fix', 'training', 'no_action'));--> statement-breakpoint
ALTER TABLE "oops_triage" ADD CONSTRAINT "oops_triage_fix_verification_check" CHECK ("fix_verification" IS NULL OR "fix_verification" IN ('effective', 'not_effective'));
