-- Security finding 37.2: names were checked trimmed but stored raw, so some carry runs of white space (400,000
-- spaces, no-break spaces) that ride on every review. Names are now stored normalised (app/lib/text.ts
-- normalizeLine): NFC, every run of Unicode white space or zero-width characters one space, trimmed. This does the
-- same to what is already stored and cuts what is still over the 100-character limit. Reviews keep a copy of their
-- author's name. A one-time scan of both tables.
UPDATE "users" SET "name" = "normalised"
FROM (
  SELECT "id" AS "nid", left(btrim(regexp_replace(normalize("name", NFC),
    '[\s\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+', ' ', 'g')), 100) AS "normalised"
  FROM "users"
) AS "n"
WHERE "users"."id" = "n"."nid" AND "users"."name" <> "n"."normalised";
--> statement-breakpoint
UPDATE "reviews" SET "author" = "normalised"
FROM (
  SELECT "id" AS "nid", left(btrim(regexp_replace(normalize("author", NFC),
    '[\s\u00a0\u1680\u180e\u2000-\u200d\u2028\u2029\u202f\u205f\u2060\u3000\ufeff]+', ' ', 'g')), 100) AS "normalised"
  FROM "reviews"
) AS "n"
WHERE "reviews"."id" = "n"."nid" AND "reviews"."author" <> "n"."normalised";
