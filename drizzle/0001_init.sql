CREATE TABLE "admins" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_hours" (
	"business_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"open_time" text,
	"close_time" text,
	"is_closed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "business_hours_business_id_day_pk" PRIMARY KEY("business_id","day"),
	CONSTRAINT "business_hours_day_range" CHECK ("business_hours"."day" between 0 and 6)
);
--> statement-breakpoint
CREATE TABLE "business_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"widths" integer[] NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"alt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"sender_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_special_hours" (
	"business_id" uuid NOT NULL,
	"date" date NOT NULL,
	"open_time" text,
	"close_time" text,
	"is_closed" boolean DEFAULT true NOT NULL,
	"note" text,
	CONSTRAINT "business_special_hours_business_id_date_pk" PRIMARY KEY("business_id","date")
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"cuisine" text,
	"subcategory" text,
	"age_groups" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"phone" text,
	"website" text,
	"email" text,
	"booking_url" text,
	"price_range" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"type" text,
	"timezone" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"rating" double precision DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"plan" text DEFAULT 'basic' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_reason" text,
	"owner_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_rating_range" CHECK ("businesses"."rating" >= 0 and "businesses"."rating" <= 5),
	CONSTRAINT "businesses_review_count_nonneg" CHECK ("businesses"."review_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"name" text NOT NULL,
	"business_id" uuid,
	"referrer" text,
	"visitor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"business_id" uuid NOT NULL,
	"user_id" text,
	"author" text NOT NULL,
	"content" text NOT NULL,
	"rating" smallint NOT NULL,
	"status" text DEFAULT 'visible' NOT NULL,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "business_hours" ADD CONSTRAINT "business_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_images" ADD CONSTRAINT "business_images_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_messages" ADD CONSTRAINT "business_messages_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_special_hours" ADD CONSTRAINT "business_special_hours_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_images_business_position_idx" ON "business_images" USING btree ("business_id","position");--> statement-breakpoint
CREATE INDEX "business_messages_business_created_idx" ON "business_messages" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_slug_key" ON "businesses" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "businesses_status_created_idx" ON "businesses" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_status_category_idx" ON "businesses" USING btree ("status","category","rating" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_status_rating_idx" ON "businesses" USING btree ("status","rating" DESC NULLS LAST,"review_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "businesses_owner_idx" ON "businesses" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "businesses_search_idx" ON "businesses" USING gin ((
        setweight(to_tsvector('english', coalesce("name", '')), 'A') ||
        setweight(to_tsvector('english', coalesce("cuisine", '') || ' ' || coalesce("subcategory", '') || ' ' || near_array_text("categories")), 'B') ||
        setweight(to_tsvector('english', coalesce("description", '') || ' ' || near_array_text("features")), 'C')
      ));--> statement-breakpoint
CREATE INDEX "businesses_name_trgm_idx" ON "businesses" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "businesses_description_trgm_idx" ON "businesses" USING gin (lower(coalesce("description", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "page_views_business_created_idx" ON "page_views" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "page_views_created_idx" ON "page_views" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reviews_business_created_idx" ON "reviews" USING btree ("business_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_business_user_key" ON "reviews" USING btree ("business_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_created_idx" ON "reviews" USING btree ("created_at");