-- A guide's document says it is a guide (issue 31, relevance): «гид Магомед Алиев» names the guide with the word
-- «гид», which only the excursions' texts held, so the excursions matched every word and the guide none. The word is
-- in what is around the guide (weight C, as its country): the destinations above the results read it there
-- (api/src/features/search/names.ts matchNames), the suggestions do not (their names and near places only).
CREATE OR REPLACE FUNCTION search_refresh_place(k text, place_id integer) RETURNS void LANGUAGE plpgsql AS $$
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
    SELECT g.name, coalesce(r.name, ''), concat_ws(' ', 'гид экскурсовод', co.name, replace(g.slug, '-', ' ')), g.bio INTO n, near, around, body
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
-- The guides' documents written again (an existing catalog; the search index's log carries them to every process).
SELECT search_refresh_place('guide', id) FROM guides;
