-- The catalog's version (issue 30 §1): moved on every change of what the public catalog shows, in every api process;
-- the shell server keys its rendered-page cache by it, so a change reaches the HTML at once.
CREATE SEQUENCE IF NOT EXISTS "public"."catalog_version" INCREMENT BY 1 MINVALUE 1 START WITH 1 CACHE 1;
