CREATE TABLE "oops_daily_signals" (
	"team_id" integer NOT NULL,
	"day" date NOT NULL,
	"signal" text NOT NULL,
	"value" text NOT NULL,
	"records" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oops_daily_signals" ADD CONSTRAINT "oops_daily_signals_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oops_daily_signals_key_idx" ON "oops_daily_signals" USING btree ("team_id","day","signal",md5("value"));--> statement-breakpoint
-- What one record gives the recommendations' counts (decision 016, "signals"), defined once like
-- oops_stats_change_of: the triggers, the backfill below and `check-stats` all read it.
CREATE TYPE "oops_signal_change" AS (
	"delta" integer,
	"team_id" integer,
	"day" date,
	"signal" text,
	"value" text
);
--> statement-breakpoint
CREATE FUNCTION "oops_signals_of"("delta" integer, "o" "oops") RETURNS SETOF "oops_signal_change"
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT delta, o.team_id, (o.created_at AT TIME ZONE 'UTC')::date, s.signal, s.value
	FROM (VALUES
		('department', CASE WHEN o.kind = 'incident' AND o.severity IN ('High', 'Critical') THEN o.area_department END),
		('type', CASE WHEN o.kind = 'incident' THEN o.oops_type END),
		('cause', o.root_cause),
		('lesson', CASE WHEN o.lesson_learned IS NOT NULL THEN '' END)) s(signal, value)
	WHERE s.value IS NOT NULL
$$;
--> statement-breakpoint
CREATE VIEW "oops_daily_signals_expected" AS
	SELECT c.team_id, c.day, c.signal, c.value, count(*)::int AS records
	FROM oops o, LATERAL oops_signals_of(1, o) c
	GROUP BY c.team_id, c.day, c.signal, c.value;
--> statement-breakpoint
-- Net changes per key, locked in key order (no deadlocks between writers); emptied keys are removed. Changes of a
-- team being deleted are dropped, as in oops_stats_apply.
CREATE FUNCTION "oops_signals_apply"("changes" "oops_signal_change"[]) RETURNS void LANGUAGE plpgsql AS $$
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
	DELETE FROM oops_daily_signals s USING unnest(changes) p
		WHERE s.records = 0 AND (s.team_id, s.day, s.signal, md5(s.value)) = (p.team_id, p.day, p.signal, md5(p.value));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "oops_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(SELECT oops_stats_change_of(1, n) FROM new_rows n));
	PERFORM oops_signals_apply(array(SELECT c FROM new_rows n, LATERAL oops_signals_of(1, n) c));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "oops_stats_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(SELECT oops_stats_change_of(-1, o) FROM old_rows o));
	PERFORM oops_signals_apply(array(SELECT c FROM old_rows o, LATERAL oops_signals_of(-1, o) c));
	RETURN NULL;
END $$;
--> statement-breakpoint
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
--> statement-breakpoint
-- Backfill from the rows already there.
INSERT INTO "oops_daily_signals" SELECT * FROM "oops_daily_signals_expected";
