-- The statistics rollups' functions as they are now (decision 016). This file is their one source: the migration
-- step applies it after the numbered migrations (server/db/routines.ts), on every start, so a change here reaches
-- every database without a new migration. The rollup tables, the record types and the triggers that call these
-- functions are created by migrations 0007 and 0019; `routines.test.ts` checks that the database's functions are
-- the ones below and that no rollup function lives only in a migration.
--
-- Each function is one statement, so the file runs as one multi-statement script on PostgreSQL and on PGlite.

-- The first instant of a day, days being counted in UTC.
CREATE OR REPLACE FUNCTION "oops_stats_day_start"("d" date) RETURNS timestamp with time zone
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT d::timestamp AT TIME ZONE 'UTC' $$;

-- What one record contributes to the rollups: +1 for a record as it now is, -1 for it as it was. The backfill views,
-- the triggers and `check-stats` all derive their rows from it, so they cannot disagree. The time to resolve counts
-- from the resolution (resolved_at), whatever the status: a resolved incident still open for its review has stopped
-- its clock (decision 042); `closed` stays by status.
CREATE OR REPLACE FUNCTION "oops_stats_change_of"("delta" integer, "o" "oops") RETURNS "oops_stats_change"
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ROW(delta, o.team_id, (o.created_at AT TIME ZONE 'UTC')::date, o.kind, o.severity,
		coalesce(o.area_department, ''), o.status = 'Closed', o.created_at, o.completeness,
		CASE WHEN o.resolved_at IS NOT NULL
			THEN extract(epoch FROM o.resolved_at - coalesce(o.occurred_at, o.created_at)) END)::oops_stats_change
$$;

-- Applies a set of changes. Rows are locked in key order, so concurrent writers cannot deadlock on them. Changes of a
-- team being deleted are dropped (its rollups go with it). The statements are planned once per connection
-- (plan_cache_mode): the custom plan of `unnest(changes)` always looked cheaper than the generic one, which assumes
-- ten rows, so PL/pgSQL planned them again on every write; the plans do not depend on the array's length, since each
-- statement reads the changes and probes the rollups' keys by index.
CREATE OR REPLACE FUNCTION "oops_stats_apply"("changes" "oops_stats_change"[]) RETURNS void LANGUAGE plpgsql
	SET plan_cache_mode = force_generic_plan AS $$
DECLARE
	pending oops_stats_change[];
	shrinking boolean;
BEGIN
	pending := array(SELECT c FROM unnest(changes) c WHERE EXISTS (SELECT 1 FROM teams t WHERE t.id = c.team_id));
	IF cardinality(pending) = 0 THEN RETURN; END IF;
	-- Only a change that takes a record away can empty a key or take its first or last: an insert skips those steps.
	shrinking := EXISTS (SELECT 1 FROM unnest(pending) WHERE delta < 0);

	INSERT INTO oops_daily_stats AS s
		(team_id, day, kind, severity, records, closed, completeness_sum, resolved, resolution_seconds)
	SELECT team_id, day, kind, severity, sum(delta), coalesce(sum(delta) FILTER (WHERE closed), 0),
		sum(delta * completeness), coalesce(sum(delta) FILTER (WHERE resolution_seconds IS NOT NULL), 0),
		coalesce(sum(delta * resolution_seconds), 0)
	FROM unnest(pending)
	GROUP BY team_id, day, kind, severity
	HAVING sum(delta) <> 0 OR sum(delta) FILTER (WHERE closed) <> 0 OR sum(delta * completeness) <> 0
		OR sum(delta) FILTER (WHERE resolution_seconds IS NOT NULL) <> 0 OR sum(delta * resolution_seconds) <> 0
	ORDER BY team_id, day, kind, severity
	ON CONFLICT (team_id, day, kind, severity) DO UPDATE SET
		records = s.records + excluded.records, closed = s.closed + excluded.closed,
		completeness_sum = s.completeness_sum + excluded.completeness_sum, resolved = s.resolved + excluded.resolved,
		resolution_seconds = s.resolution_seconds + excluded.resolution_seconds;
	IF shrinking THEN
		DELETE FROM oops_daily_stats s USING unnest(pending) p
			WHERE s.records = 0 AND (s.team_id, s.day, s.kind, s.severity) = (p.team_id, p.day, p.kind, p.severity);
	END IF;

	INSERT INTO oops_incident_days AS d (team_id, day, incidents, first_at, last_at)
	SELECT team_id, day, sum(delta), coalesce(min(created_at) FILTER (WHERE delta > 0), min(created_at)),
		coalesce(max(created_at) FILTER (WHERE delta > 0), max(created_at))
	FROM unnest(pending) WHERE kind = 'incident'
	GROUP BY team_id, day ORDER BY team_id, day
	ON CONFLICT (team_id, day) DO UPDATE SET incidents = d.incidents + excluded.incidents,
		first_at = least(d.first_at, excluded.first_at),
		last_at = greatest(d.last_at, excluded.last_at);
	IF shrinking THEN
		-- A record that left a day and was its first or last: read those again (two index probes).
		UPDATE oops_incident_days d SET first_at = x.first_at, last_at = x.last_at
		FROM (SELECT team_id, day, min(created_at) AS earliest, max(created_at) AS latest
				FROM unnest(pending) WHERE kind = 'incident' AND delta < 0 GROUP BY team_id, day) k,
			LATERAL (SELECT min(o.created_at) AS first_at, max(o.created_at) AS last_at FROM oops o
				WHERE o.team_id = k.team_id AND o.kind = 'incident' AND o.created_at >= oops_stats_day_start(k.day)
					AND o.created_at < oops_stats_day_start(k.day + 1)) x
		WHERE (d.team_id, d.day) = (k.team_id, k.day) AND (k.earliest <= d.first_at OR k.latest >= d.last_at)
			AND x.first_at IS NOT NULL;
		DELETE FROM oops_incident_days d USING unnest(pending) p
			WHERE d.incidents = 0 AND (d.team_id, d.day) = (p.team_id, p.day);
	END IF;

	INSERT INTO oops_group_stats AS g (team_id, department, kind, severity, records, last_at)
	SELECT team_id, department, kind, severity, sum(delta),
		coalesce(max(created_at) FILTER (WHERE delta > 0), max(created_at))
	FROM unnest(pending)
	GROUP BY team_id, department, kind, severity ORDER BY team_id, department, kind, severity
	ON CONFLICT (team_id, department, kind, severity) DO UPDATE SET records = g.records + excluded.records,
		last_at = greatest(g.last_at, excluded.last_at);
	IF shrinking THEN
		UPDATE oops_group_stats g SET last_at = x.last_at
		FROM (SELECT team_id, department, kind, severity, max(created_at) AS latest FROM unnest(pending)
				WHERE delta < 0 GROUP BY team_id, department, kind, severity) k,
			LATERAL (SELECT max(o.created_at) AS last_at FROM oops o
				WHERE o.team_id = k.team_id AND o.kind = k.kind AND o.severity = k.severity
					AND (o.area_department = k.department OR (k.department = '' AND o.area_department IS NULL))) x
		WHERE (g.team_id, g.department, g.kind, g.severity) = (k.team_id, k.department, k.kind, k.severity)
			AND k.latest >= g.last_at AND x.last_at IS NOT NULL;
		DELETE FROM oops_group_stats g USING unnest(pending) p
			WHERE g.records = 0 AND (g.team_id, g.department, g.kind, g.severity) = (p.team_id, p.department, p.kind, p.severity);
	END IF;
END $$;

-- What one record gives the recommendations' counts ("signals", decision 016), defined once like
-- oops_stats_change_of.
CREATE OR REPLACE FUNCTION "oops_signals_of"("delta" integer, "o" "oops") RETURNS SETOF "oops_signal_change"
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT delta, o.team_id, (o.created_at AT TIME ZONE 'UTC')::date, s.signal, s.value
	FROM (VALUES
		('department', CASE WHEN o.kind = 'incident' AND o.severity IN ('High', 'Critical') THEN o.area_department END),
		('type', CASE WHEN o.kind = 'incident' THEN o.oops_type END),
		('cause', o.root_cause),
		('lesson', CASE WHEN o.lesson_learned IS NOT NULL THEN '' END)) s(signal, value)
	WHERE s.value IS NOT NULL
$$;

-- Net changes per key, locked in key order (no deadlocks between writers); emptied keys are removed. Changes of a
-- team being deleted are dropped, as in oops_stats_apply. Planned once per connection, for the same reason.
CREATE OR REPLACE FUNCTION "oops_signals_apply"("changes" "oops_signal_change"[]) RETURNS void LANGUAGE plpgsql
	SET plan_cache_mode = force_generic_plan AS $$
BEGIN
	IF cardinality(changes) = 0 THEN RETURN; END IF;
	INSERT INTO oops_daily_signals AS s (team_id, day, signal, value, records)
	SELECT c.team_id, c.day, c.signal, c.value, sum(c.delta)
	FROM unnest(changes) c
	WHERE EXISTS (SELECT 1 FROM teams t WHERE t.id = c.team_id)
	GROUP BY c.team_id, c.day, c.signal, c.value
	HAVING sum(c.delta) <> 0
	ORDER BY c.team_id, c.day, c.signal, md5(c.value)
	ON CONFLICT (team_id, day, signal, md5(value)) DO UPDATE SET records = s.records + excluded.records;
	IF EXISTS (SELECT 1 FROM unnest(changes) WHERE delta < 0) THEN
		DELETE FROM oops_daily_signals s USING unnest(changes) p
			WHERE s.records = 0 AND (s.team_id, s.day, s.signal, md5(s.value)) = (p.team_id, p.day, p.signal, md5(p.value));
	END IF;
END $$;

-- Statement triggers with transition tables: one set-based update per statement (a bulk import is one apply).
CREATE OR REPLACE FUNCTION "oops_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(SELECT oops_stats_change_of(1, n) FROM new_rows n));
	PERFORM oops_signals_apply(array(SELECT c FROM new_rows n, LATERAL oops_signals_of(1, n) c));
	RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION "oops_stats_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(SELECT oops_stats_change_of(-1, o) FROM old_rows o));
	PERFORM oops_signals_apply(array(SELECT c FROM old_rows o, LATERAL oops_signals_of(-1, o) c));
	RETURN NULL;
END $$;

-- Only records whose facts changed count: an edit of the title touches no rollup row.
CREATE OR REPLACE FUNCTION "oops_stats_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(
		SELECT v.c FROM old_rows o JOIN new_rows n ON n.id = o.id,
			LATERAL (VALUES (oops_stats_change_of(-1, o)), (oops_stats_change_of(1, n))) v(c)
		WHERE oops_stats_change_of(1, o) IS DISTINCT FROM oops_stats_change_of(1, n)));
	PERFORM oops_signals_apply(array(
		SELECT ROW(c.delta, c.team_id, c.day, c.signal, c.value)::oops_signal_change
		FROM old_rows o JOIN new_rows n ON n.id = o.id,
			LATERAL (SELECT * FROM oops_signals_of(-1, o) UNION ALL SELECT * FROM oops_signals_of(1, n)) c
		WHERE (o.team_id, o.created_at, o.kind, o.severity, o.area_department, o.oops_type, o.root_cause,
				o.lesson_learned IS NULL)
			IS DISTINCT FROM (n.team_id, n.created_at, n.kind, n.severity, n.area_department, n.oops_type,
				n.root_cause, n.lesson_learned IS NULL)));
	RETURN NULL;
END $$;
