CREATE TABLE "integration_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"counts" jsonb,
	"error_code" text,
	"error_message" text,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "password_ciphertext" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "account_assignments" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "account_assignments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "holder_suspended" boolean;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD COLUMN "holder_suspended" boolean;--> statement-breakpoint
ALTER TABLE "gsuite_organizations" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "gsuite_organizations" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "gsuite_plans" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "gsuite_plans" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD COLUMN "holder_suspended" boolean;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "sync_provider" text;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "integration_runs" ADD CONSTRAINT "integration_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_runs_provider_started_idx" ON "integration_runs" USING btree ("provider","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "account_assignments_sync_external_idx" ON "account_assignments" USING btree ("sync_provider","external_id") WHERE "account_assignments"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_sync_external_idx" ON "accounts" USING btree ("sync_provider","external_id") WHERE "accounts"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gsuite_accounts_sync_external_idx" ON "gsuite_accounts" USING btree ("sync_provider","external_id") WHERE "gsuite_accounts"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gsuite_organizations_sync_external_idx" ON "gsuite_organizations" USING btree ("sync_provider","external_id") WHERE "gsuite_organizations"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "gsuite_plans_sync_external_idx" ON "gsuite_plans" USING btree ("sync_provider","external_id") WHERE "gsuite_plans"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "license_assignments_sync_external_idx" ON "license_assignments" USING btree ("sync_provider","external_id") WHERE "license_assignments"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "licenses_sync_external_idx" ON "licenses" USING btree ("sync_provider","external_id") WHERE "licenses"."external_id" is not null;