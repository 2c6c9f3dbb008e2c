CREATE TABLE "lesson_incidents" (
	"oops_id" integer PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lessons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lessons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"team_id" integer NOT NULL,
	"text" text NOT NULL,
	"state" text DEFAULT 'captured' NOT NULL,
	"what_changed" text,
	"adopted_by" integer,
	"adopted_at" timestamp with time zone,
	"verified_by" integer,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_incidents" ADD CONSTRAINT "lesson_incidents_oops_id_oops_id_fk" FOREIGN KEY ("oops_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_incidents" ADD CONSTRAINT "lesson_incidents_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_adopted_by_users_id_fk" FOREIGN KEY ("adopted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_incidents_lesson_idx" ON "lesson_incidents" USING btree ("lesson_id");--> statement-breakpoint
CREATE INDEX "lessons_team_updated_idx" ON "lessons" USING btree ("team_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "lessons_team_key_idx" ON "lessons" USING btree ("team_id",lower("text"));--> statement-breakpoint
CREATE INDEX "lessons_team_adopted_idx" ON "lessons" USING btree ("team_id","adopted_at");--> statement-breakpoint
CREATE INDEX "lessons_text_trgm_idx" ON "lessons" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
-- custom: lessons kept in step with oops.lesson_learned by row triggers (decision 020), the state check, the backfill
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_state_check" CHECK ("state" IN ('captured', 'adopted', 'verified'));
--> statement-breakpoint
-- A lesson's text is the field without outer white space; a blank field is no lesson.
CREATE FUNCTION "lesson_text_of"("t" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT nullif(btrim("t", E' \t\r\n'), '')
$$;
--> statement-breakpoint
-- Links an incident to the team's lesson with the same text (case aside), or to a new captured one.
CREATE FUNCTION "lessons_link"("team" integer, "incident" integer, "body" text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  SELECT id INTO found FROM lessons WHERE team_id = team AND lower(text) = lower(body) ORDER BY id LIMIT 1;
  IF found IS NULL THEN
    INSERT INTO lessons (team_id, text) VALUES (team, body) RETURNING id INTO found;
  END IF;
  INSERT INTO lesson_incidents (oops_id, lesson_id) VALUES (incident, found)
    ON CONFLICT (oops_id) DO UPDATE SET lesson_id = excluded.lesson_id;
END $$;
--> statement-breakpoint
-- A lesson lives while an incident says it: when its last link goes (an emptied field, an edit that leaves it, a
-- deleted incident through the foreign key's cascade), the lesson goes too. A trigger on the link table sees all
-- three, where one on oops would run after the cascade had already removed the link.
CREATE FUNCTION "lessons_drop_orphan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM lesson_incidents WHERE lesson_id = OLD.lesson_id) THEN
    DELETE FROM lessons WHERE id = OLD.lesson_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lesson_incidents_drop_orphan" AFTER DELETE ON "lesson_incidents" FOR EACH ROW
	EXECUTE FUNCTION lessons_drop_orphan();
--> statement-breakpoint
-- One row's change: a few primary-key lookups, and nothing at all for writes that leave lesson_learned alone
-- (the triggers' WHEN clauses), so bulk writes stay cheap.
CREATE FUNCTION "lessons_on_oops_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  body text;
  current_lesson integer;
BEGIN
  body := lesson_text_of(NEW.lesson_learned);
  IF body IS NULL THEN
    DELETE FROM lesson_incidents WHERE oops_id = NEW.id;
    RETURN NULL;
  END IF;
  SELECT lesson_id INTO current_lesson FROM lesson_incidents WHERE oops_id = NEW.id;
  IF current_lesson IS NOT NULL THEN
    -- The incident's own lesson follows its edited text and keeps its state (decision 020)...
    IF NOT EXISTS (SELECT 1 FROM lesson_incidents WHERE lesson_id = current_lesson AND oops_id <> NEW.id) THEN
      UPDATE lessons SET text = body, updated_at = now() WHERE id = current_lesson;
      RETURN NULL;
    END IF;
    -- ...but a lesson other incidents share still says what they say: the edited incident leaves it.
    DELETE FROM lesson_incidents WHERE oops_id = NEW.id;
  END IF;
  PERFORM lessons_link(NEW.team_id, NEW.id, body);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lessons_oops_insert" AFTER INSERT ON "oops" FOR EACH ROW
	WHEN (NEW.lesson_learned IS NOT NULL AND NEW.lesson_learned <> '') EXECUTE FUNCTION lessons_on_oops_write();
--> statement-breakpoint
CREATE TRIGGER "lessons_oops_update" AFTER UPDATE OF "lesson_learned" ON "oops" FOR EACH ROW
	WHEN (OLD.lesson_learned IS DISTINCT FROM NEW.lesson_learned) EXECUTE FUNCTION lessons_on_oops_write();
--> statement-breakpoint
-- Backfill: one lesson per team and text (case aside), linked to every incident that says it.
INSERT INTO "lessons" ("team_id", "text", "created_at", "updated_at")
	SELECT team_id, min(lesson_text_of(lesson_learned)), min(created_at), max(updated_at)
	FROM oops WHERE lesson_text_of(lesson_learned) IS NOT NULL
	GROUP BY team_id, lower(lesson_text_of(lesson_learned));
--> statement-breakpoint
INSERT INTO "lesson_incidents" ("oops_id", "lesson_id")
	SELECT o.id, (SELECT l.id FROM lessons l
		WHERE l.team_id = o.team_id AND lower(l.text) = lower(lesson_text_of(o.lesson_learned)) ORDER BY l.id LIMIT 1)
	FROM oops o WHERE lesson_text_of(o.lesson_learned) IS NOT NULL;
