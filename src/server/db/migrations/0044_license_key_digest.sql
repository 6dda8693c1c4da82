ALTER TABLE "licenses" ADD COLUMN "license_key_digest" text;--> statement-breakpoint
CREATE INDEX "licenses_key_digest_idx" ON "licenses" USING btree ("license_key_digest");