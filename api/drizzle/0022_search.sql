-- Search (issue 31): one index over the catalog, kept by triggers. pg_trgm is loaded into PGlite by api/src/db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "search_documents" (
	"kind" varchar(16) NOT NULL,
	"ref_id" integer NOT NULL,
	"name" text NOT NULL,
	"tsv" "tsvector" NOT NULL,
	"exact" "tsvector" NOT NULL,
	CONSTRAINT "search_documents_kind_ref_id_pk" PRIMARY KEY("kind","ref_id")
);
--> statement-breakpoint
CREATE TABLE "search_synonyms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "search_synonyms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"term" text NOT NULL,
	"expansion" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_term_key" UNIQUE("term")
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL,
	"lexeme" text NOT NULL,
	"weight" real DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_documents_tsv_idx" ON "search_documents" USING gin ("tsv");--> statement-breakpoint
CREATE INDEX "search_documents_name_trgm_idx" ON "search_documents" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_term_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_terms_lexeme_idx" ON "search_terms" USING btree ("lexeme");--> statement-breakpoint
-- The search form of a text: lowercase (also where the database's locale cannot lowercase Cyrillic), ё read as е.
CREATE FUNCTION search_form(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT translate(lower(coalesce(t, '')), 'АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯё', 'абвгдеежзийклмнопрстуфхцчшщъыьэюяе')
$$;--> statement-breakpoint
-- Adds the words of texts to the vocabulary (typo corrections are looked up in it): words of 3 letters and more,
-- weighted by the number of texts using them.
CREATE FUNCTION search_learn(texts text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (term, lexeme, weight)
  SELECT w, coalesce((SELECT l FROM unnest(tsvector_to_array(to_tsvector('russian', w))) l LIMIT 1), w), count(*)
  FROM (SELECT unnest(tsvector_to_array(to_tsvector('simple', search_form(t)))) AS w FROM unnest(texts) t) words
  WHERE char_length(w) >= 3 AND w !~ '^[0-9]+$'
  GROUP BY w
  ON CONFLICT (term) DO UPDATE SET weight = search_terms.weight + excluded.weight
$$;--> statement-breakpoint
-- (Re)writes the documents of these excursions: published ones are indexed, others removed.
CREATE FUNCTION search_refresh_excursions(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE done integer;
BEGIN
  DELETE FROM search_documents WHERE kind = 'excursion' AND ref_id = ANY(ids);
  WITH src AS (
    SELECT e.id, e.title,
      concat_ws(' ', c.name, g.name,
        (SELECT string_agg(s.name, ' ') FROM excursion_sights es JOIN sights s ON s.id = es.sight_id WHERE es.excursion_id = e.id),
        (SELECT string_agg(tg.name, ' ') FROM excursion_tags et JOIN tags tg ON tg.id = et.tag_id WHERE et.excursion_id = e.id)) AS places,
      concat_ws(' ', rg.name, co.name, replace(c.slug, '-', ' '), replace(e.slug, '-', ' ')) AS around,
      concat_ws(' ', e.description, (SELECT string_agg(p, ' ') FROM jsonb_array_elements_text(e.programme) p)) AS body
    FROM excursions e
    JOIN cities c ON c.id = e.city_id
    JOIN regions rg ON rg.id = c.region_id
    JOIN countries co ON co.id = rg.country_id
    LEFT JOIN guides g ON g.id = e.guide_id
    WHERE e.id = ANY(ids) AND e.status = 'published'
  ), written AS (
    INSERT INTO search_documents (kind, ref_id, name, tsv, exact)
    SELECT 'excursion', src.id, search_form(src.title),
      setweight(to_tsvector('russian', search_form(src.title)), 'A')
        || setweight(to_tsvector('russian', search_form(src.places)), 'B')
        || setweight(to_tsvector('russian', search_form(src.around)), 'C')
        || setweight(to_tsvector('russian', search_form(src.body)), 'D'),
      to_tsvector('simple', search_form(src.title || ' ' || src.places))
    FROM src
    RETURNING ref_id
  )
  SELECT count(*) INTO done FROM (SELECT search_learn(ARRAY(SELECT concat_ws(' ', title, places, around, body) FROM src))) learned;
END $$;--> statement-breakpoint
-- (Re)writes the document of one place: a city, a region, a country, a sight or a guide.
CREATE FUNCTION search_refresh_place(k text, place_id integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE n text; near text; around text; body text;
BEGIN
  DELETE FROM search_documents WHERE kind = k AND ref_id = place_id;
  IF k = 'city' THEN
    SELECT c.name, '', concat_ws(' ', r.name, co.name, replace(c.slug, '-', ' ')), c.description INTO n, near, around, body
    FROM cities c JOIN regions r ON r.id = c.region_id JOIN countries co ON co.id = r.country_id WHERE c.id = place_id;
  ELSIF k = 'region' THEN
    SELECT r.name, '', concat_ws(' ', co.name, replace(r.slug, '-', ' ')), r.description INTO n, near, around, body
    FROM regions r JOIN countries co ON co.id = r.country_id WHERE r.id = place_id;
  ELSIF k = 'country' THEN
    SELECT co.name, '', replace(co.slug, '-', ' '), co.description INTO n, near, around, body FROM countries co WHERE co.id = place_id;
  ELSIF k = 'sight' THEN
    SELECT s.name, c.name, concat_ws(' ', r.name, co.name, replace(s.slug, '-', ' ')), s.description INTO n, near, around, body
    FROM sights s JOIN cities c ON c.id = s.city_id JOIN regions r ON r.id = c.region_id JOIN countries co ON co.id = r.country_id
    WHERE s.id = place_id;
  ELSIF k = 'guide' THEN
    SELECT g.name, coalesce(r.name, ''), concat_ws(' ', co.name, replace(g.slug, '-', ' ')), g.bio INTO n, near, around, body
    FROM guides g LEFT JOIN regions r ON r.id = g.region_id LEFT JOIN countries co ON co.id = r.country_id WHERE g.id = place_id;
  END IF;
  IF n IS NULL THEN RETURN; END IF;
  INSERT INTO search_documents (kind, ref_id, name, tsv, exact) VALUES (
    k, place_id, search_form(n),
    setweight(to_tsvector('russian', search_form(n)), 'A')
      || setweight(to_tsvector('russian', search_form(near)), 'B')
      || setweight(to_tsvector('russian', search_form(around)), 'C')
      || setweight(to_tsvector('russian', search_form(body)), 'D'),
    to_tsvector('simple', search_form(n)));
  PERFORM search_learn(ARRAY[concat_ws(' ', n, near, around, body)]);
END $$;--> statement-breakpoint
-- The closest vocabulary words and synonyms by trigrams: the candidates of a query word's typo correction (the caller
-- keeps one within a few edits). The vocabulary is small enough for the planner to prefer reading it whole, which
-- costs more than the trigram index here: the index is asked for (and JIT compilation, which that cost would start on a
-- server with jit on, is not: it takes far longer than the lookup).
CREATE FUNCTION search_correction(w text) RETURNS TABLE (term text, sim real, expansion text)
LANGUAGE sql STABLE SET enable_seqscan = off SET jit = off AS $$
  SELECT c.term, c.sim, c.expansion FROM (
    SELECT s.term, similarity(s.term, w) AS sim, NULL::text AS expansion, s.weight FROM search_terms s WHERE s.term % w
    UNION ALL
    SELECT y.term, similarity(y.term, w), y.expansion, 1e6 FROM search_synonyms y WHERE y.term % w
  ) c ORDER BY c.sim DESC, c.weight DESC, c.term LIMIT 6
$$;--> statement-breakpoint
-- The most used vocabulary word starting with `w` (the word being typed).
CREATE FUNCTION search_completion(w text) RETURNS text LANGUAGE sql STABLE SET enable_seqscan = off SET jit = off AS $$
  SELECT s.term FROM search_terms s WHERE s.term LIKE w || '%' ORDER BY s.weight DESC, s.term LIMIT 1
$$;--> statement-breakpoint
-- Excursions: bulk inserts and deletes are handled per statement (the seed writes hundreds at once).
CREATE FUNCTION search_excursions_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM search_refresh_excursions(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_excursions_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  DELETE FROM search_documents WHERE kind = 'excursion' AND ref_id IN (SELECT id FROM old_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_excursion_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM search_refresh_excursions(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_excursions_insert AFTER INSERT ON excursions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_excursions_inserted();--> statement-breakpoint
CREATE TRIGGER search_excursions_delete AFTER DELETE ON excursions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_excursions_deleted();--> statement-breakpoint
CREATE TRIGGER search_excursions_update AFTER UPDATE OF title, description, programme, slug, city_id, guide_id, status ON excursions
  FOR EACH ROW WHEN ((OLD.title, OLD.description, OLD.programme, OLD.slug, OLD.city_id, OLD.guide_id, OLD.status)
    IS DISTINCT FROM (NEW.title, NEW.description, NEW.programme, NEW.slug, NEW.city_id, NEW.guide_id, NEW.status))
  EXECUTE FUNCTION search_excursion_updated();--> statement-breakpoint
-- An excursion's sights and tags are part of its document.
CREATE FUNCTION search_links_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM search_refresh_excursions(ARRAY(SELECT DISTINCT excursion_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION search_links_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM search_refresh_excursions(ARRAY(SELECT DISTINCT excursion_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_excursion_sights_insert AFTER INSERT ON excursion_sights REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_links_inserted();--> statement-breakpoint
CREATE TRIGGER search_excursion_sights_delete AFTER DELETE ON excursion_sights REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_links_deleted();--> statement-breakpoint
CREATE TRIGGER search_excursion_tags_insert AFTER INSERT ON excursion_tags REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_links_inserted();--> statement-breakpoint
CREATE TRIGGER search_excursion_tags_delete AFTER DELETE ON excursion_tags REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_links_deleted();--> statement-breakpoint
-- Places: their own document, and on a rename the documents that carry their name.
CREATE FUNCTION search_place_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE k text := CASE TG_TABLE_NAME WHEN 'cities' THEN 'city' WHEN 'regions' THEN 'region' WHEN 'countries' THEN 'country'
  WHEN 'sights' THEN 'sight' WHEN 'guides' THEN 'guide' END;
  x integer;
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' THEN
    DELETE FROM search_documents WHERE kind = k AND ref_id = OLD.id;
    RETURN NULL;
  END IF;
  PERFORM search_refresh_place(k, NEW.id);
  IF TG_OP = 'UPDATE' THEN
    IF k = 'city' THEN
      PERFORM search_refresh_excursions(ARRAY(SELECT id FROM excursions WHERE city_id = NEW.id));
      FOR x IN SELECT id FROM sights WHERE city_id = NEW.id LOOP PERFORM search_refresh_place('sight', x); END LOOP;
    ELSIF k = 'region' THEN
      FOR x IN SELECT id FROM cities WHERE region_id = NEW.id LOOP PERFORM search_refresh_place('city', x); END LOOP;
      FOR x IN SELECT id FROM guides WHERE region_id = NEW.id LOOP PERFORM search_refresh_place('guide', x); END LOOP;
      FOR x IN SELECT s.id FROM sights s JOIN cities c ON c.id = s.city_id WHERE c.region_id = NEW.id LOOP
        PERFORM search_refresh_place('sight', x);
      END LOOP;
      PERFORM search_refresh_excursions(ARRAY(SELECT e.id FROM excursions e JOIN cities c ON c.id = e.city_id WHERE c.region_id = NEW.id));
    ELSIF k = 'country' THEN
      FOR x IN SELECT id FROM regions WHERE country_id = NEW.id LOOP PERFORM search_refresh_place('region', x); END LOOP;
      FOR x IN SELECT c.id FROM cities c JOIN regions r ON r.id = c.region_id WHERE r.country_id = NEW.id LOOP
        PERFORM search_refresh_place('city', x);
      END LOOP;
      FOR x IN SELECT s.id FROM sights s JOIN cities c ON c.id = s.city_id JOIN regions r ON r.id = c.region_id
        WHERE r.country_id = NEW.id LOOP
        PERFORM search_refresh_place('sight', x);
      END LOOP;
      FOR x IN SELECT g.id FROM guides g JOIN regions r ON r.id = g.region_id WHERE r.country_id = NEW.id LOOP
        PERFORM search_refresh_place('guide', x);
      END LOOP;
      PERFORM search_refresh_excursions(ARRAY(SELECT e.id FROM excursions e JOIN cities c ON c.id = e.city_id
        JOIN regions r ON r.id = c.region_id WHERE r.country_id = NEW.id));
    ELSIF k = 'sight' THEN
      PERFORM search_refresh_excursions(ARRAY(SELECT excursion_id FROM excursion_sights WHERE sight_id = NEW.id));
    ELSIF k = 'guide' THEN
      PERFORM search_refresh_excursions(ARRAY(SELECT id FROM excursions WHERE guide_id = NEW.id));
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_cities_write AFTER INSERT OR DELETE ON cities FOR EACH ROW EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_cities_update AFTER UPDATE ON cities FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.description, OLD.region_id) IS DISTINCT FROM (NEW.name, NEW.slug, NEW.description, NEW.region_id))
  EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_regions_write AFTER INSERT OR DELETE ON regions FOR EACH ROW EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_regions_update AFTER UPDATE ON regions FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.description, OLD.country_id) IS DISTINCT FROM (NEW.name, NEW.slug, NEW.description, NEW.country_id))
  EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_countries_write AFTER INSERT OR DELETE ON countries FOR EACH ROW EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_countries_update AFTER UPDATE ON countries FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.description) IS DISTINCT FROM (NEW.name, NEW.slug, NEW.description))
  EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_sights_write AFTER INSERT OR DELETE ON sights FOR EACH ROW EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_sights_update AFTER UPDATE ON sights FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.description, OLD.city_id) IS DISTINCT FROM (NEW.name, NEW.slug, NEW.description, NEW.city_id))
  EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_guides_write AFTER INSERT OR DELETE ON guides FOR EACH ROW EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
CREATE TRIGGER search_guides_update AFTER UPDATE ON guides FOR EACH ROW
  WHEN ((OLD.name, OLD.slug, OLD.bio, OLD.region_id) IS DISTINCT FROM (NEW.name, NEW.slug, NEW.bio, NEW.region_id))
  EXECUTE FUNCTION search_place_changed();--> statement-breakpoint
-- A renamed tag renames it in its excursions' documents.
CREATE FUNCTION search_tag_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a bulk load (the seed) sets search.defer and rebuilds the index once at its end
  IF current_setting('search.defer', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM search_refresh_excursions(ARRAY(SELECT excursion_id FROM excursion_tags WHERE tag_id = NEW.id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER search_tags_update AFTER UPDATE OF name ON tags FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION search_tag_renamed();--> statement-breakpoint
-- The whole index again (an existing catalog when this migration runs; the benchmark's build time).
CREATE FUNCTION search_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
SELECT search_rebuild();--> statement-breakpoint
-- Nicknames travellers type (search form); staff may add more. A query word or phrase equal to `term` also searches
-- `expansion`.
INSERT INTO search_synonyms (term, expansion) VALUES
  ('питер', 'санкт-петербург'), ('спб', 'санкт-петербург'), ('петербург', 'санкт-петербург'),
  ('ленинград', 'санкт-петербург'), ('северная столица', 'санкт-петербург'), ('санкт петербург', 'санкт-петербург'),
  ('spb', 'санкт-петербург'), ('piter', 'санкт-петербург'),
  ('мск', 'москва'), ('msk', 'москва'), ('первопрестольная', 'москва'),
  ('зимний дворец', 'эрмитаж'), ('hermitage', 'эрмитаж'), ('эрмитаж', 'зимний дворец'),
  ('царское село', 'пушкин'), ('кенигсберг', 'калининград'), ('тифлис', 'тбилиси'),
  ('нижний', 'нижний новгород'), ('нн', 'нижний новгород'), 
  ('новгород', 'великий новгород'), 
  ('третьяковка', 'третьяковская галерея'), ('исаакий', 'исаакиевский собор'), ('петропавловка', 'петропавловская крепость'),
('покровский собор', 'василия блаженного'),
  ('байкал', 'листвянка'), ('ольхон', 'байкал'), ('казбек', 'степанцминда'), ('гергети', 'степанцминда');
