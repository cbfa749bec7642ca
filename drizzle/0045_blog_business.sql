-- The Premium plan's monthly blog article (issue 36): a post may be about one listing. The business page links the
-- published posts about it, and /admin/blog shows which Premium listings are due their article this month.
ALTER TABLE "blog_posts" ADD COLUMN "business_id" uuid REFERENCES "businesses"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "blog_posts_business_idx" ON "blog_posts" ("business_id", "published_at" DESC) WHERE "business_id" IS NOT NULL;
