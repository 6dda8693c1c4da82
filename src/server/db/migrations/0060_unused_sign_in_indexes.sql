-- Issue 33's unused seats and accounts (licenses/unused-seats.ts: the holder suspended, or not
-- signed in for N days), as Needs Attention counts them (dashboard/unused-summary.ts): a range of
-- the sign-ins a sync knows, or-ed with the few suspended holders, instead of every active seat and
-- account read and tested. Partial: seats and accounts no sync keeps (no sign-in) are not in them.
CREATE INDEX "accounts_sign_in_idx" ON "accounts" USING btree ("last_sign_in_at") WHERE "accounts"."status" = 'active' and "accounts"."last_sign_in_at" is not null;--> statement-breakpoint
CREATE INDEX "accounts_suspended_idx" ON "accounts" USING btree ("id") WHERE "accounts"."status" = 'active' and "accounts"."holder_suspended";--> statement-breakpoint
CREATE INDEX "gsuite_accounts_sign_in_idx" ON "gsuite_accounts" USING btree ("last_sign_in_at") WHERE "gsuite_accounts"."last_sign_in_at" is not null;--> statement-breakpoint
CREATE INDEX "gsuite_accounts_suspended_idx" ON "gsuite_accounts" USING btree ("id") WHERE "gsuite_accounts"."holder_suspended";--> statement-breakpoint
CREATE INDEX "license_assignments_sign_in_idx" ON "license_assignments" USING btree ("last_sign_in_at") WHERE "license_assignments"."is_active" and "license_assignments"."last_sign_in_at" is not null;--> statement-breakpoint
CREATE INDEX "license_assignments_suspended_idx" ON "license_assignments" USING btree ("license_id") WHERE "license_assignments"."is_active" and "license_assignments"."holder_suspended";
