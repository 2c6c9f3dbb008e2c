-- Verified fixes (decision 048): how we will know a follow-up action worked, the day to look again, the owner's
-- answer to "Did it hold?", when that question was e-mailed (once per pending round) and the repeat that reopened it.
ALTER TABLE "oops_actions" ADD COLUMN "verification_check" text;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verify_on" date;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verification_state" text;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verification_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verification_answered_by" integer;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verification_note" text;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verification_prompted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD COLUMN "verification_repeated_by" integer;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD CONSTRAINT "oops_actions_verification_state_check" CHECK ("verification_state" in ('pending', 'verified', 'failed'));--> statement-breakpoint
ALTER TABLE "oops_actions" ADD CONSTRAINT "oops_actions_verification_answered_by_users_id_fk" FOREIGN KEY ("verification_answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_actions" ADD CONSTRAINT "oops_actions_verification_repeated_by_oops_id_fk" FOREIGN KEY ("verification_repeated_by") REFERENCES "public"."oops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oops_actions_verify_idx" ON "oops_actions" USING btree ("verify_on") WHERE "oops_actions"."verification_state" = 'pending';--> statement-breakpoint
CREATE INDEX "oops_actions_repeated_by_idx" ON "oops_actions" USING btree ("verification_repeated_by") WHERE "oops_actions"."verification_repeated_by" is not null;
