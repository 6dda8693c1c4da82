CREATE INDEX "account_assignments_assigned_to_trgm_idx" ON "account_assignments" USING gin ("assigned_to" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "account_assignments_device_name_trgm_idx" ON "account_assignments" USING gin ("device_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accounts_email_trgm_idx" ON "accounts" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accounts_payment_method_trgm_idx" ON "accounts" USING gin ("payment_method" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "accounts_payment_details_trgm_idx" ON "accounts" USING gin ("payment_details" gin_trgm_ops) WITH (fastupdate=false);