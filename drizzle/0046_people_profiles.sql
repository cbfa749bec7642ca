-- Reviewer profiles (issue 41): every account has a public page at /people/<handle>. The handle is stable (made once,
-- never renamed), unique and URL-safe; the name shown follows the person's choice (first name and last initial by
-- default), the city is theirs to set, and their upcoming RSVPs show only when they turn show_rsvps on. The row goes
-- with the account (ON DELETE CASCADE). New accounts get theirs from Better Auth's user-create hook
-- (app/features/auth/auth.server.ts); existing accounts get one here.
CREATE TABLE "people_profiles" (
  "user_id" text PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "handle" text NOT NULL,
  "name_display" text DEFAULT 'first_initial' NOT NULL,
  "city" text,
  "show_rsvps" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "people_profiles_handle_check" CHECK ("handle" ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length("handle") <= 60),
  CONSTRAINT "people_profiles_name_display_check" CHECK ("name_display" IN ('first_initial', 'first', 'full')),
  CONSTRAINT "people_profiles_city_check" CHECK ("city" IS NULL OR length("city") BETWEEN 1 AND 80)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "people_profiles_handle_key" ON "people_profiles" ("handle");
--> statement-breakpoint
-- A review shows its author's name as their profile does (first name and last initial until they choose otherwise),
-- stored on the review as the app stores it (app/features/people/queries.server.ts, bylineFor): existing ones too.
UPDATE "reviews" r SET "author" = CASE
    WHEN cardinality(w.words) > 1 THEN w.words[1] || ' ' || upper(left(w.words[cardinality(w.words)], 1)) || '.'
    ELSE w.words[1]
  END
FROM (
  SELECT "id", regexp_split_to_array(btrim(regexp_replace("name", '\s+', ' ', 'g')), ' ') AS words
  FROM "users" WHERE btrim("name") <> ''
) w
WHERE r."user_id" = w."id";
--> statement-breakpoint
-- The backfill: the first word of the name and the last word's initial ("Maria Garcia" → maria-g), accents folded, as
-- handleBase() in app/features/people/names.ts makes them; a second account with the same one gets a suffix from its id.
WITH names AS (
  SELECT "id", "created_at",
    regexp_split_to_array(
      translate(lower(btrim(regexp_replace("name", '\s+', ' ', 'g'))),
        'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿšžł', 'aaaaaaaeeeeeiiiiiooooooouuuuuncyyszl'),
      ' ') AS words
  FROM "users"
), bases AS (
  SELECT "id", "created_at",
    coalesce(nullif(btrim(left(btrim(regexp_replace(
      words[1] || CASE WHEN cardinality(words) > 1 THEN ' ' || left(words[cardinality(words)], 1) ELSE '' END,
      '[^a-z0-9]+', '-', 'g'), '-'), 40), '-'), ''), 'member') AS base
  FROM names
), ranked AS (
  SELECT "id", base, row_number() OVER (PARTITION BY base ORDER BY "created_at", "id") AS n FROM bases
)
INSERT INTO "people_profiles" ("user_id", "handle")
SELECT "id", CASE WHEN n = 1 THEN base ELSE base || '-' || substr(md5("id"), 1, 6) END FROM ranked;
