-- The excursions whose public facts changed (issue 31, speed): every api process keeps the results page's facts of
-- the published excursions in memory (card, price, rating, popularity, slots with free seats soon:
-- api/src/features/search/results.ts) and, when the catalog's version moved (a booking, a price, a review), reads
-- again only the excursions logged here since the snapshot it holds instead of all of them.
-- Written by triggers in the writing transaction itself, so every path that changes a fact logs it (orders, the
-- lifecycle's sweeps, the partner's and the back office's edits, the seed). A log row carries its transaction's id:
-- a reader keeps the snapshot (pg_current_snapshot) it last read as of, and the changes it has not seen are exactly
-- the rows whose transaction that snapshot does not see — whatever order the writers commit in, and with no row
-- every writer updates (bookings do not queue on a counter).
-- excursion_id 0: a bulk load (the seed's search.defer): every process reads all the facts again.
CREATE TABLE "catalog_changes" (
	"xid" xid8 DEFAULT pg_current_xact_id() NOT NULL,
	"excursion_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalog_changes_xid_idx" ON "catalog_changes" USING btree ("xid");--> statement-breakpoint
CREATE INDEX "catalog_changes_at_idx" ON "catalog_changes" USING btree ("at");--> statement-breakpoint
-- One row: the newest transaction id of a pruned log row (a reader whose snapshot might not have seen it reads all
-- the facts again). Written only by the pruning (catalog_changes_prune), never by the writers of the catalog.
CREATE TABLE "catalog_changes_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"pruned_through" xid8 DEFAULT '0' NOT NULL
);
--> statement-breakpoint
INSERT INTO "catalog_changes_state" ("id") VALUES (1);--> statement-breakpoint
-- The log's rows older than two hours (a process reads all its facts again every hour: results.ts SLACK_MS). Ids
-- past this snapshot's are another server's (a pg_dump restored elsewhere; no process holds a snapshot of them): gone
-- too, and the mark of what was pruned forgets them.
CREATE FUNCTION catalog_changes_prune() RETURNS void LANGUAGE plpgsql AS $$
DECLARE newest xid8;
  horizon xid8 := pg_snapshot_xmax(pg_current_snapshot());
BEGIN
  WITH gone AS (DELETE FROM catalog_changes WHERE at < now() - interval '2 hours' OR xid >= horizon RETURNING xid)
  SELECT max(xid) INTO newest FROM gone WHERE xid < horizon;
  UPDATE catalog_changes_state SET pruned_through = '0' WHERE id = 1 AND pruned_through >= horizon;
  IF newest IS NOT NULL THEN
    UPDATE catalog_changes_state SET pruned_through = greatest(pruned_through, newest) WHERE id = 1;
  END IF;
END $$;--> statement-breakpoint
-- The excursions a statement changed: its own rows (excursions), their excursion_id (events, photos, tags), or the
-- excursions carrying a renamed tag, city, region or country on their cards.
CREATE FUNCTION catalog_changes_logged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('search.defer', true) = 'on' THEN
    INSERT INTO catalog_changes (excursion_id) VALUES (0);
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'excursions' THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO catalog_changes (excursion_id) SELECT id FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO catalog_changes (excursion_id) SELECT id FROM old_rows;
    ELSE
      INSERT INTO catalog_changes (excursion_id) SELECT id FROM new_rows UNION SELECT id FROM old_rows;
    END IF;
  ELSIF TG_TABLE_NAME IN ('events', 'excursion_photos', 'excursion_tags') THEN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO catalog_changes (excursion_id) SELECT DISTINCT excursion_id FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO catalog_changes (excursion_id) SELECT DISTINCT excursion_id FROM old_rows;
    ELSE
      INSERT INTO catalog_changes (excursion_id) SELECT excursion_id FROM new_rows UNION SELECT excursion_id FROM old_rows;
    END IF;
  ELSIF TG_TABLE_NAME = 'tags' THEN
    INSERT INTO catalog_changes (excursion_id) SELECT DISTINCT t.excursion_id FROM excursion_tags t WHERE t.tag_id IN (SELECT id FROM new_rows);
  ELSIF TG_TABLE_NAME = 'cities' THEN
    INSERT INTO catalog_changes (excursion_id) SELECT e.id FROM excursions e WHERE e.city_id IN (SELECT id FROM new_rows);
  ELSIF TG_TABLE_NAME = 'regions' THEN
    INSERT INTO catalog_changes (excursion_id) SELECT e.id FROM excursions e JOIN cities c ON c.id = e.city_id
      WHERE c.region_id IN (SELECT id FROM new_rows);
  ELSIF TG_TABLE_NAME = 'countries' THEN
    INSERT INTO catalog_changes (excursion_id) SELECT e.id FROM excursions e JOIN cities c ON c.id = e.city_id
      JOIN regions r ON r.id = c.region_id WHERE r.country_id IN (SELECT id FROM new_rows);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursions_insert AFTER INSERT ON excursions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursions_update AFTER UPDATE ON excursions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursions_delete AFTER DELETE ON excursions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_events_insert AFTER INSERT ON events REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_events_update AFTER UPDATE ON events REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_events_delete AFTER DELETE ON events REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursion_photos_insert AFTER INSERT ON excursion_photos REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursion_photos_update AFTER UPDATE ON excursion_photos REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursion_photos_delete AFTER DELETE ON excursion_photos REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursion_tags_insert AFTER INSERT ON excursion_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursion_tags_update AFTER UPDATE ON excursion_tags REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_excursion_tags_delete AFTER DELETE ON excursion_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_tags_update AFTER UPDATE ON tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_cities_update AFTER UPDATE ON cities REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_regions_update AFTER UPDATE ON regions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();--> statement-breakpoint
CREATE TRIGGER catalog_changes_countries_update AFTER UPDATE ON countries REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_changes_logged();
