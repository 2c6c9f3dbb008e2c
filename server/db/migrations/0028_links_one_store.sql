-- custom: links between incidents have one store, oops_links (decision 044). An entry of related_incidents that names
-- an incident of the same team the way the app does ("<id>-<slug>" or "<id>", ignoring surrounding spaces) is a
-- link: made here when missing (a pair is linked once, whichever way: the pair's unique index). The API derives those
-- entries from the links from now on.
INSERT INTO "oops_links" ("team_id", "oops_id", "other_id")
SELECT DISTINCT ON (least(o.id, t.id), greatest(o.id, t.id)) o.team_id, o.id, t.id
FROM "oops" o
CROSS JOIN LATERAL unnest(o.related_incidents) AS r(entry)
JOIN "oops" t ON t.team_id = o.team_id
  AND t.id::bigint = (substring(btrim(r.entry) from '^([0-9]{1,10})(?:-|$)'))::bigint
WHERE t.id <> o.id
ORDER BY least(o.id, t.id), greatest(o.id, t.id), o.id
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- custom: an incident that is linked but whose list was empty now shows its links, so its stored completeness counts
-- related_incidents (docs/product.md §5 weights, 2 of 109; the formula mirrors common/domain/completeness.ts, as in
-- migration 0014). On data the app wrote, every linked incident already listed its links: no row changes.
WITH counted AS (
  SELECT o.id, round((100 * (
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
        )::numeric) / 109) AS completeness
  FROM "oops" o
  WHERE cardinality(o.related_incidents) = 0
    AND EXISTS (SELECT 1 FROM "oops_links" l WHERE l.oops_id = o.id OR l.other_id = o.id)
)
UPDATE "oops" o SET completeness = c.completeness
FROM counted c WHERE c.id = o.id AND o.completeness <> c.completeness;--> statement-breakpoint
-- custom: the column keeps only the entries that name no incident of the team (plain text, "the 2019 outage", another
-- team's id), in their order; the linked ones are the links now.
UPDATE "oops" o SET related_incidents = ARRAY(
  SELECT r.entry FROM unnest(o.related_incidents) WITH ORDINALITY AS r(entry, n)
  WHERE NOT EXISTS (
    SELECT 1 FROM "oops" t
    WHERE t.team_id = o.team_id AND t.id <> o.id
      AND t.id::bigint = (substring(btrim(r.entry) from '^([0-9]{1,10})(?:-|$)'))::bigint
  )
  ORDER BY r.n
)
WHERE EXISTS (
  SELECT 1 FROM unnest(o.related_incidents) AS r(entry)
  JOIN "oops" t ON t.team_id = o.team_id AND t.id <> o.id
    AND t.id::bigint = (substring(btrim(r.entry) from '^([0-9]{1,10})(?:-|$)'))::bigint
);
