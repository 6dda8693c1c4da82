ALTER TABLE "reminder_deliveries" ADD COLUMN "digest_key" text;--> statement-breakpoint
CREATE INDEX "reminder_deliveries_digest_key_idx" ON "reminder_deliveries" USING btree ("digest_key") WHERE "reminder_deliveries"."digest_key" is not null;--> statement-breakpoint
-- Until now a person had one digest a day, keyed by the day: it is the digest of every reminder
-- folded for them that day.
UPDATE "reminder_deliveries" SET "digest_key" = 'digest:' || to_char("day", 'YYYY-MM-DD') || ':user:' || "user_id" WHERE "status" = 'in_digest' AND "user_id" IS NOT NULL;
