-- The database's typo and completion lookups of migration 0022 are unused since the vocabulary is kept in memory
-- (api/src/features/search/lexicon.ts, migration 0026): dropped.
DROP FUNCTION IF EXISTS search_correction(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_completion(text);
--> statement-breakpoint
-- The changes of the search index since a version (issue 31, speed): every api process keeps an index of names in
-- memory and, when the version moved, reloads only the documents written since the version it holds instead of all
-- of them. Each statement writing search_documents moves the version and logs the documents it wrote, in its own
-- transaction: writers queue on search_state's one row, so a reader that sees a version sees every change up to it.
-- `changes_from`: the log holds every change after this version (older changes are pruned; a rebuild of the whole
-- index or a truncate moves it, and a process holding an older version loads the whole index again).
CREATE TABLE "search_changes" (
	"version" bigint NOT NULL,
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_changes_version_idx" ON "search_changes" USING btree ("version");--> statement-breakpoint
ALTER TABLE "search_state" ADD COLUMN "changes_from" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "search_state" SET "changes_from" = "version";--> statement-breakpoint
-- The next version; every 1000 versions the log keeps the last 10000.
CREATE FUNCTION search_next_version() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE search_state SET version = version + 1 WHERE id = 1 RETURNING version INTO v;
  IF v % 1000 = 0 THEN
    DELETE FROM search_changes WHERE version <= v - 10000;
    UPDATE search_state SET changes_from = greatest(changes_from, v - 10000) WHERE id = 1;
  END IF;
  RETURN v;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_state_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_next_version();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_documents_logged() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE v bigint := search_next_version();
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    INSERT INTO search_changes (version, kind, ref_id) SELECT v, kind, ref_id FROM new_rows;
  END IF;
  IF TG_OP = 'DELETE' OR TG_OP = 'UPDATE' THEN
    INSERT INTO search_changes (version, kind, ref_id) SELECT v, kind, ref_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The whole index changed: the log restarts at its new version.
CREATE FUNCTION search_changes_reset() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_changes;
  UPDATE search_state SET changes_from = version WHERE id = 1;
END $$;--> statement-breakpoint
CREATE FUNCTION search_documents_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_next_version();
  PERFORM search_changes_reset();
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "search_documents_moved" ON "search_documents";--> statement-breakpoint
CREATE TRIGGER search_documents_inserted AFTER INSERT ON search_documents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_logged();--> statement-breakpoint
CREATE TRIGGER search_documents_updated AFTER UPDATE ON search_documents REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_logged();--> statement-breakpoint
CREATE TRIGGER search_documents_deleted AFTER DELETE ON search_documents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_logged();--> statement-breakpoint
CREATE TRIGGER search_documents_truncated AFTER TRUNCATE ON search_documents
  FOR EACH STATEMENT EXECUTE FUNCTION search_documents_truncated();--> statement-breakpoint
-- The whole index again, then the log restarts (every process loads the whole index once more).
CREATE OR REPLACE FUNCTION search_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE x record;
BEGIN
  DELETE FROM search_documents;
  DELETE FROM search_terms;
  PERFORM search_refresh_excursions(ARRAY(SELECT id FROM excursions WHERE status = 'published'));
  FOR x IN SELECT 'city' AS k, id FROM cities UNION ALL SELECT 'region', id FROM regions UNION ALL SELECT 'country', id FROM countries
    UNION ALL SELECT 'sight', id FROM sights UNION ALL SELECT 'guide', id FROM guides
  LOOP
    PERFORM search_refresh_place(x.k, x.id);
  END LOOP;
  PERFORM search_changes_reset();
END $$;
