CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "oops_title_trgm_idx";--> statement-breakpoint
DROP INDEX "oops_description_trgm_idx";--> statement-breakpoint
CREATE INDEX "oops_team_title_trgm_idx" ON "oops" USING gin ("team_id","title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "oops_team_description_trgm_idx" ON "oops" USING gin ("team_id","description" gin_trgm_ops);