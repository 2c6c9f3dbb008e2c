CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "oops_title_trgm_idx" ON "oops" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "oops_description_trgm_idx" ON "oops" USING gin ("description" gin_trgm_ops);
