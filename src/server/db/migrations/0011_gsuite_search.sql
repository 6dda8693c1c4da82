CREATE INDEX "gsuite_accounts_plan_id_idx" ON "gsuite_accounts" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_email_trgm_idx" ON "gsuite_accounts" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "gsuite_accounts_organization_trgm_idx" ON "gsuite_accounts" USING gin ("organization" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "gsuite_accounts_plan_type_trgm_idx" ON "gsuite_accounts" USING gin ("plan_type" gin_trgm_ops) WITH (fastupdate=false);