DROP INDEX "licenses_key_search_tokens_idx";--> statement-breakpoint
CREATE INDEX "licenses_key_search_tokens_idx" ON "licenses" USING gin ("license_key_search_tokens") WITH (fastupdate=false);