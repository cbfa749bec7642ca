-- Social links (issue 36): one https address per network (app/lib/social-links.ts), shown on Featured and Premium
-- listings. Kept on a downgrade (hidden, never deleted), so an upgrade shows them again.
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;
