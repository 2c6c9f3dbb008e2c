-- Display tokens (decision 050): the team's credentials for office screens. Each reads the team's wall and nothing
-- else; only the SHA-256 is kept. They belong to the team (deleted with it) and outlive their maker.
CREATE TABLE "display_tokens" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "display_tokens_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_hint" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "display_tokens" ADD CONSTRAINT "display_tokens_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "display_tokens" ADD CONSTRAINT "display_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "display_tokens_token_hash_key" ON "display_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "display_tokens_team_idx" ON "display_tokens" USING btree ("team_id");
