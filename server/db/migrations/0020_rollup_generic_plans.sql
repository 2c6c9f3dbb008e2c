-- The rollups' apply functions plan their statements once per connection (decision 016).
-- PL/pgSQL keeps a plan for each statement, but a statement with a parameter gets a custom plan on each of its
-- first runs and keeps doing so while the generic plan looks dearer: for `unnest(changes)` the custom plan knows the
-- array's length (one record for most writes) and the generic one assumes ten rows, so it always looked dearer, and
-- two statements were planned again on every write (0.09 and 0.1 ms, over a quarter of what the triggers cost an
-- insert, seen with pg_stat_statements under `npm run bench:load`). The plans do not depend on the array's length:
-- each statement reads the changes and probes the rollups' keys by index, a handful or an import's thousands.
ALTER FUNCTION "oops_stats_apply"("oops_stats_change"[]) SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
ALTER FUNCTION "oops_signals_apply"("oops_signal_change"[]) SET plan_cache_mode = force_generic_plan;
