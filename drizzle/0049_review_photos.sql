-- Review photos (issue 41): a reviewer adds up to 10 photos to their review, through the listing photo pipeline
-- (checked by content, re-encoded as WebP without EXIF or GPS, stored under a random key as {key}-{width}.webp). The
-- rows go with the review, the listing or the author's account (ON DELETE CASCADE); the code that deletes those
-- deletes the files after its transaction (app/features/reviews/photos.server.ts). `bytes` is what the stored variants
-- cost, counted against the author's storage allowance.
CREATE TABLE "review_photos" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "review_id" uuid NOT NULL REFERENCES "reviews"("id") ON DELETE CASCADE,
  "business_id" uuid NOT NULL REFERENCES "businesses"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "position" integer NOT NULL,
  "storage_key" text NOT NULL,
  "widths" integer[] NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "bytes" integer DEFAULT 0 NOT NULL,
  "caption" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "review_photos_caption_length" CHECK (length("caption") <= 200)
);
--> statement-breakpoint
CREATE INDEX "review_photos_review_position_idx" ON "review_photos" ("review_id", "position");
--> statement-breakpoint
CREATE INDEX "review_photos_business_created_idx" ON "review_photos" ("business_id", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX "review_photos_user_idx" ON "review_photos" ("user_id");
--> statement-breakpoint
-- A reader's report of one photo: one per reporter and photo; open ones show in the admins' review queue.
CREATE TABLE "review_photo_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "photo_id" uuid NOT NULL REFERENCES "review_photos"("id") ON DELETE CASCADE,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "reason" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "resolved_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "review_photo_reports_status_check" CHECK ("status" IN ('open', 'resolved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "review_photo_reports_photo_user_key" ON "review_photo_reports" ("photo_id", "user_id");
--> statement-breakpoint
CREATE INDEX "review_photo_reports_open_idx" ON "review_photo_reports" ("photo_id") WHERE status = 'open';
