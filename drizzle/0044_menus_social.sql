-- Social links (issue 36): one https address per network (app/lib/social-links.ts), shown on Featured and Premium
-- listings. Kept on a downgrade (hidden, never deleted), so an upgrade shows them again.
ALTER TABLE "businesses" ADD COLUMN IF NOT EXISTS "social_links" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- Menu attachments (issue 36): PDF or image files with a title, in order; PLAN_ALLOWANCES.menuAttachments (0 / 3 /
-- 20) are shown, the rest kept (hidden after a downgrade). Every menu has a preview image in the media pipeline's
-- variants (a PDF's first page, rendered); a PDF's own file is `file_name` in media storage.
CREATE TABLE IF NOT EXISTS "business_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"file_name" text,
	"file_bytes" integer NOT NULL,
	"page_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_menus_kind_check" CHECK (kind in ('pdf', 'image')),
	CONSTRAINT "business_menus_title_check" CHECK (char_length(title) <= 80)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_menus_business_position_idx" ON "business_menus" USING btree ("business_id", "position");
