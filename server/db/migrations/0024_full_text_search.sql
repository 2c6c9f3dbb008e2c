-- Full-text search (decision 040): a weighted search_vector over the incident's text fields, its notes and its custom
-- text values, led by the team in its GIN index. A generated column cannot read another table, so the notes' text is
-- kept in `notes_search` by a trigger on oops_notes (notes are only ever added); the generated column folds it in.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
--> statement-breakpoint
-- array_to_string is STABLE in general (an element type's output may depend on settings); for text[] it is not, and a
-- generated column needs an IMMUTABLE expression.
CREATE FUNCTION "oops_search_tags"(tags text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
	AS $$ SELECT array_to_string(tags, ' ') $$;
--> statement-breakpoint
ALTER TABLE "oops" ADD COLUMN "notes_search" tsvector;
--> statement-breakpoint
ALTER TABLE "oops" DROP COLUMN "search_vector";
--> statement-breakpoint
ALTER TABLE "oops" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
	setweight(to_tsvector('english', coalesce("title", '')), 'A')
	|| setweight(to_tsvector('english', coalesce("description", '') || ' ' || coalesce("root_cause", '') || ' '
		|| coalesce("lesson_learned", '')), 'B')
	|| setweight(to_tsvector('english', coalesce("mitigation_steps", '') || ' ' || oops_search_tags("tags")), 'C')
	|| setweight(jsonb_to_tsvector('english', "custom_fields", '["string"]'), 'C')
	|| setweight(jsonb_to_tsvector('english', "timeline_events", '["string"]'), 'C')
	|| coalesce("notes_search", ''::tsvector)
) STORED;
--> statement-breakpoint
CREATE INDEX "oops_team_search_idx" ON "oops" USING gin ("team_id", "search_vector");
--> statement-breakpoint
CREATE FUNCTION "oops_notes_search_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "oops" o SET "notes_search" = (
		SELECT setweight(to_tsvector('english', string_agg(n."note", ' ' ORDER BY n."id")), 'C')
		FROM "oops_notes" n WHERE n."oops_id" = o."id")
	WHERE o."id" IN (SELECT DISTINCT "oops_id" FROM new_notes);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "oops_notes_search_insert" AFTER INSERT ON "oops_notes" REFERENCING NEW TABLE AS new_notes
	FOR EACH STATEMENT EXECUTE FUNCTION oops_notes_search_on_insert();
--> statement-breakpoint
UPDATE "oops" o SET "notes_search" = n."v"
FROM (SELECT "oops_id", setweight(to_tsvector('english', string_agg("note", ' ' ORDER BY "id")), 'C') AS "v"
	FROM "oops_notes" GROUP BY "oops_id") n
WHERE n."oops_id" = o."id";
