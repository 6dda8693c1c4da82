CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reminder_pass_state" DROP COLUMN "lease_holder";--> statement-breakpoint
ALTER TABLE "reminder_pass_state" DROP COLUMN "lease_until";