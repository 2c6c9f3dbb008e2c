-- Trends and distributions (decision 051) read the times to resolve of a period's records: this index holds the
-- resolved records of a team by kind and logging time, with the two times the duration needs, so that read is one
-- range of the index (an index-only scan) rather than a visit to every record of the period.
CREATE INDEX "oops_team_kind_resolved_idx" ON "oops" USING btree ("team_id", "kind", "created_at") INCLUDE ("occurred_at", "resolved_at") WHERE "resolved_at" IS NOT NULL;
