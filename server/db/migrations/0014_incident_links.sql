CREATE TABLE "oops_links" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "oops_links_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"oops_id" integer NOT NULL,
	"other_id" integer NOT NULL,
	"is_repeat" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oops_links" ADD CONSTRAINT "oops_links_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_links" ADD CONSTRAINT "oops_links_oops_id_oops_id_fk" FOREIGN KEY ("oops_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_links" ADD CONSTRAINT "oops_links_other_id_oops_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oops_links" ADD CONSTRAINT "oops_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oops_links_pair_key" ON "oops_links" USING btree (least("oops_id", "other_id"),greatest("oops_id", "other_id"));--> statement-breakpoint
CREATE INDEX "oops_links_oops_idx" ON "oops_links" USING btree ("oops_id");--> statement-breakpoint
CREATE INDEX "oops_links_other_idx" ON "oops_links" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "oops_links_team_repeat_idx" ON "oops_links" USING btree ("team_id","oops_id") WHERE "oops_links"."is_repeat";--> statement-breakpoint
-- custom: an incident is never linked to itself
ALTER TABLE "oops_links" ADD CONSTRAINT "oops_links_not_self" CHECK ("oops_id" <> "other_id");--> statement-breakpoint
-- custom: backfill (decision 019). Entries of related_incidents that name an incident of the same team the way the
-- app does ("<id>-<slug>" or "<id>") become plain links; anything else stays text as it was.
INSERT INTO "oops_links" ("team_id", "oops_id", "other_id")
SELECT DISTINCT ON (least(o.id, t.id), greatest(o.id, t.id)) o.team_id, o.id, t.id
FROM "oops" o
CROSS JOIN LATERAL unnest(o.related_incidents) AS r(entry)
JOIN "oops" t ON t.team_id = o.team_id
  AND t.id::bigint = (substring(btrim(r.entry) from '^([0-9]{1,10})(?:-|$)'))::bigint
WHERE t.id <> o.id
ORDER BY least(o.id, t.id), greatest(o.id, t.id), o.id
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- custom: links are symmetric, so the other side lists the incident too ("<id>-<slug>", as the app writes it), and
-- its stored completeness (docs/product.md §5 weights, related_incidents 2 of 109) counts the now non-empty list.
WITH sides AS (
  SELECT l.oops_id AS a, l.other_id AS b FROM "oops_links" l
  UNION ALL
  SELECT l.other_id, l.oops_id FROM "oops_links" l
), missing AS (
  SELECT x.id, array_agg(y.id || '-' || y.slug ORDER BY y.id) AS entries
  FROM sides s
  JOIN "oops" x ON x.id = s.a
  JOIN "oops" y ON y.id = s.b
  WHERE NOT EXISTS (
    SELECT 1 FROM unnest(x.related_incidents) AS e(entry)
    WHERE substring(btrim(e.entry) from '^([0-9]{1,10})(?:-|$)')::bigint = y.id
  )
  GROUP BY x.id
)
-- Only a list that was empty changes the completeness; the formula mirrors common/domain/completeness.ts with the
-- list counted (the right-hand side reads the row as it was).
UPDATE "oops" o SET related_incidents = o.related_incidents || m.entries,
  completeness = CASE WHEN cardinality(o.related_incidents) > 0 THEN o.completeness ELSE round((100 * (
        (CASE WHEN btrim(title) <> '' THEN 15 ELSE 0 END)
      + (CASE WHEN btrim(description) <> '' THEN 15 ELSE 0 END)
      + (CASE WHEN btrim(severity) <> '' THEN 10 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(oops_type, '')) <> '' THEN 10 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(users_affected, '')) <> '' THEN 10 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(detection_method, '')) <> '' THEN 8 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(impact, '')) <> '' THEN 8 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(root_cause, '')) <> '' THEN 8 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(lesson_learned, '')) <> '' THEN 8 ELSE 0 END)
      + (CASE WHEN btrim(coalesce(area_department, '')) <> '' THEN 5 ELSE 0 END)
      + (CASE WHEN coalesce(preventability, 0) <> 0 THEN 3 ELSE 0 END)
      + (CASE WHEN coalesce(learning_value, 0) <> 0 THEN 3 ELSE 0 END)
      + (CASE WHEN coalesce(process_clarity, 0) <> 0 THEN 3 ELSE 0 END)
      + 2
      + (CASE WHEN cardinality(tags) > 0 THEN 1 ELSE 0 END)
      )::numeric) / 109) END
FROM missing m WHERE m.id = o.id;
