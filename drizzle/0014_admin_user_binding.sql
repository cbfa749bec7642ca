ALTER TABLE "admins" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_user_id_idx" ON "admins" USING btree ("user_id");--> statement-breakpoint
-- Existing grants go to the account that holds the email only if that email is verified.
UPDATE "admins" SET "user_id" = "users"."id" FROM "users" WHERE "users"."email" = "admins"."email" AND "users"."email_verified";
