-- Testimonials and videos (issue 36): owner-managed parts of a listing, counted against its plan (PLAN_ALLOWANCES:
-- testimonials 0/5/20, videos 0/3/20). Over the allowance after a downgrade they are hidden, never deleted: the
-- public page shows the first ones by position, so an upgrade shows the rest again.
CREATE TABLE IF NOT EXISTS "business_testimonials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"author" text NOT NULL,
	"body" text NOT NULL,
	"source" text,
	"given_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_testimonials_business_position_idx" ON "business_testimonials" USING btree ("business_id", "position");
--> statement-breakpoint
-- A video is a provider and its id (never a pasted URL or HTML): the page builds the embed and watch links itself.
CREATE TABLE IF NOT EXISTS "business_videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
	"position" integer NOT NULL,
	"provider" text NOT NULL,
	"video_id" text NOT NULL,
	"title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_videos_provider_check" CHECK (provider in ('youtube', 'vimeo')),
	CONSTRAINT "business_videos_video_id_check" CHECK (
		(provider = 'youtube' AND video_id ~ '^[A-Za-z0-9_-]{11}$') OR (provider = 'vimeo' AND video_id ~ '^[0-9]{1,12}$')
	)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "business_videos_business_position_idx" ON "business_videos" USING btree ("business_id", "position");
