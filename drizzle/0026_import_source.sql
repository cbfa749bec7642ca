ALTER TABLE "businesses" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "import_hash" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_source_external_key" ON "businesses" USING btree ("source","external_id");