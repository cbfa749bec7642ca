-- Typo-tolerant search (similarity, gin_trgm_ops). Trusted extension: no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE; search indexes need an IMMUTABLE expression.
CREATE OR REPLACE FUNCTION near_array_text(arr text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(arr, ' '), '') $$;
