-- The team that was current when an API token was made, so that removing its maker from that team revokes it
-- (decision 035). Existing tokens keep null: which team they were made for is unknown, so any removal revokes them.
ALTER TABLE "api_tokens" ADD COLUMN "team_id" integer;
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;
