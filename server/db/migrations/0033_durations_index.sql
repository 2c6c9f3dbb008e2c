-- Trends and distributions (decision 051) read the times to detect and to resolve of a period's records: this index
-- holds a team's records that have either time, by kind and logging time, with the two times included, so that read
-- is one range of the index (an index-only scan) rather than a visit to every record of the period.
CREATE INDEX "oops_team_kind_durations_idx" ON "oops" USING btree ("team_id", "kind", "created_at") INCLUDE ("occurred_at", "resolved_at") WHERE "resolved_at" IS NOT NULL OR "occurred_at" IS NOT NULL;
