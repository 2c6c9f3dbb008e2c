-- Every GIN index on incidents keeps a pending list of at most 64 kB (decision 017): set in place, no rebuild.
ALTER INDEX "oops_search_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "oops_team_title_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "oops_team_description_trgm_idx" SET (gin_pending_list_limit = 64);--> statement-breakpoint
ALTER INDEX "oops_custom_fields_idx" SET (gin_pending_list_limit = 64);
