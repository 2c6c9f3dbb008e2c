CREATE TABLE "oops_daily_stats" (
	"team_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" "oops_kind" NOT NULL,
	"severity" text NOT NULL,
	"records" integer NOT NULL,
	"closed" integer NOT NULL,
	"completeness_sum" bigint NOT NULL,
	"resolved" integer NOT NULL,
	"resolution_seconds" numeric NOT NULL,
	CONSTRAINT "oops_daily_stats_team_id_day_kind_severity_pk" PRIMARY KEY("team_id","day","kind","severity")
);
--> statement-breakpoint
CREATE TABLE "oops_group_stats" (
	"team_id" integer NOT NULL,
	"department" text NOT NULL,
	"kind" "oops_kind" NOT NULL,
	"severity" text NOT NULL,
	"records" integer NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oops_group_stats_team_id_department_kind_severity_pk" PRIMARY KEY("team_id","department","kind","severity")
);
--> statement-breakpoint
CREATE TABLE "oops_incident_days" (
	"team_id" integer NOT NULL,
	"day" date NOT NULL,
	"incidents" integer NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "oops_incident_days_team_id_day_pk" PRIMARY KEY("team_id","day")
);
--> statement-breakpoint
ALTER TABLE "oops_daily_stats" ADD CONSTRAINT "oops_daily_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_group_stats" ADD CONSTRAINT "oops_group_stats_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_incident_days" ADD CONSTRAINT "oops_incident_days_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What one record contributes to the rollups (decision 016), defined once: the triggers, the backfill below and
-- `check-stats` all read it. Days are UTC dates; the resolution time is counted for closed records only (MTTR).
CREATE TYPE "oops_stats_change" AS (
	"delta" integer,
	"team_id" integer,
	"day" date,
	"kind" "oops_kind",
	"severity" text,
	"department" text,
	"closed" boolean,
	"created_at" timestamp with time zone,
	"completeness" integer,
	"resolution_seconds" numeric
);
--> statement-breakpoint
CREATE FUNCTION "oops_stats_day_start"("d" date) RETURNS timestamp with time zone
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT d::timestamp AT TIME ZONE 'UTC' $$;
--> statement-breakpoint
CREATE FUNCTION "oops_stats_change_of"("delta" integer, "o" "oops") RETURNS "oops_stats_change"
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT ROW(delta, o.team_id, (o.created_at AT TIME ZONE 'UTC')::date, o.kind, o.severity,
		coalesce(o.area_department, ''), o.status = 'Closed', o.created_at, o.completeness,
		CASE WHEN o.status = 'Closed' AND o.resolved_at IS NOT NULL
			THEN extract(epoch FROM o.resolved_at - coalesce(o.occurred_at, o.created_at)) END)::oops_stats_change
$$;
--> statement-breakpoint
-- The rollups as computed from scratch from the raw rows: the backfill, `check-stats` and the tests compare with them.
CREATE VIEW "oops_daily_stats_expected" AS
	SELECT c.team_id, c.day, c.kind, c.severity, count(*)::int AS records,
		count(*) FILTER (WHERE c.closed)::int AS closed, sum(c.completeness)::bigint AS completeness_sum,
		count(c.resolution_seconds)::int AS resolved, coalesce(sum(c.resolution_seconds), 0) AS resolution_seconds
	FROM oops o, LATERAL (SELECT (oops_stats_change_of(1, o)).*) c
	GROUP BY c.team_id, c.day, c.kind, c.severity;
--> statement-breakpoint
CREATE VIEW "oops_incident_days_expected" AS
	SELECT c.team_id, c.day, count(*)::int AS incidents, min(c.created_at) AS first_at, max(c.created_at) AS last_at
	FROM oops o, LATERAL (SELECT (oops_stats_change_of(1, o)).*) c
	WHERE c.kind = 'incident'
	GROUP BY c.team_id, c.day;
--> statement-breakpoint
CREATE VIEW "oops_group_stats_expected" AS
	SELECT c.team_id, c.department, c.kind, c.severity, count(*)::int AS records, max(c.created_at) AS last_at
	FROM oops o, LATERAL (SELECT (oops_stats_change_of(1, o)).*) c
	GROUP BY c.team_id, c.department, c.kind, c.severity;
--> statement-breakpoint
-- Applies a set of changes (+1 for a record as it now is, -1 for it as it was). Rows are locked in key order, so
-- concurrent writers cannot deadlock on them. Changes of a team being deleted are dropped (its rollups go with it).
CREATE FUNCTION "oops_stats_apply"("changes" "oops_stats_change"[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	pending oops_stats_change[];
BEGIN
	pending := array(SELECT c FROM unnest(changes) c WHERE EXISTS (SELECT 1 FROM teams t WHERE t.id = c.team_id));
	IF cardinality(pending) = 0 THEN RETURN; END IF;

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
	DELETE FROM oops_daily_stats s USING unnest(pending) p
		WHERE s.records = 0 AND (s.team_id, s.day, s.kind, s.severity) = (p.team_id, p.day, p.kind, p.severity);

	INSERT INTO oops_incident_days AS d (team_id, day, incidents, first_at, last_at)
	SELECT team_id, day, sum(delta), coalesce(min(created_at) FILTER (WHERE delta > 0), min(created_at)),
		coalesce(max(created_at) FILTER (WHERE delta > 0), max(created_at))
	FROM unnest(pending) WHERE kind = 'incident'
	GROUP BY team_id, day ORDER BY team_id, day
	ON CONFLICT (team_id, day) DO UPDATE SET incidents = d.incidents + excluded.incidents,
		first_at = least(d.first_at, excluded.first_at),
		last_at = greatest(d.last_at, excluded.last_at);
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

	INSERT INTO oops_group_stats AS g (team_id, department, kind, severity, records, last_at)
	SELECT team_id, department, kind, severity, sum(delta),
		coalesce(max(created_at) FILTER (WHERE delta > 0), max(created_at))
	FROM unnest(pending)
	GROUP BY team_id, department, kind, severity ORDER BY team_id, department, kind, severity
	ON CONFLICT (team_id, department, kind, severity) DO UPDATE SET records = g.records + excluded.records,
		last_at = greatest(g.last_at, excluded.last_at);
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
END $$;
--> statement-breakpoint
-- Statement triggers with transition tables: one set-based update per statement (a bulk import is one apply).
CREATE FUNCTION "oops_stats_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(SELECT oops_stats_change_of(1, n) FROM new_rows n));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "oops_stats_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(SELECT oops_stats_change_of(-1, o) FROM old_rows o));
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Only records whose statistics facts changed count (an edit of the title touches no rollup row).
CREATE FUNCTION "oops_stats_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM oops_stats_apply(array(
		SELECT v.c FROM old_rows o JOIN new_rows n ON n.id = o.id,
			LATERAL (VALUES (oops_stats_change_of(-1, o)), (oops_stats_change_of(1, n))) v(c)
		WHERE oops_stats_change_of(1, o) IS DISTINCT FROM oops_stats_change_of(1, n)));
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "oops_stats_insert" AFTER INSERT ON "oops" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION oops_stats_on_insert();
--> statement-breakpoint
CREATE TRIGGER "oops_stats_delete" AFTER DELETE ON "oops" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION oops_stats_on_delete();
--> statement-breakpoint
CREATE TRIGGER "oops_stats_update" AFTER UPDATE ON "oops" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION oops_stats_on_update();
--> statement-breakpoint
-- Backfill from the rows already there.
INSERT INTO "oops_daily_stats" SELECT * FROM "oops_daily_stats_expected";
--> statement-breakpoint
INSERT INTO "oops_incident_days" SELECT * FROM "oops_incident_days_expected";
--> statement-breakpoint
INSERT INTO "oops_group_stats" SELECT * FROM "oops_group_stats_expected";
