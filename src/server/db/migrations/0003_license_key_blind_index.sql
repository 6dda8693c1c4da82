ALTER TABLE "licenses" ADD COLUMN "license_key_search_tokens" text[];--> statement-breakpoint
CREATE INDEX "licenses_key_search_tokens_idx" ON "licenses" USING gin ("license_key_search_tokens");