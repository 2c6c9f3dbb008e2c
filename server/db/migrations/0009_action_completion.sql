ALTER TABLE "oops_actions" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "oops_actions_owner_idx" ON "oops_actions" USING btree ("owner_id","status","due_date");--> statement-breakpoint
-- Actions already done: their last change is the best record of when they were completed.
UPDATE "oops_actions" SET "completed_at" = "updated_at" WHERE "status" = 'done';
