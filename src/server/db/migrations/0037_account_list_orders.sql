DROP INDEX "accounts_renewal_date_idx";--> statement-breakpoint
DROP INDEX "gsuite_accounts_plan_type_desc_idx";--> statement-breakpoint
CREATE INDEX "account_assignments_created_at_idx" ON "account_assignments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "account_assignments_assigned_date_idx" ON "account_assignments" USING btree ("assigned_date","id");--> statement-breakpoint
CREATE INDEX "accounts_email_order_idx" ON "accounts" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "accounts_provider_order_idx" ON "accounts" USING btree ("provider",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "accounts_status_order_idx" ON "accounts" USING btree ("status",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "accounts_renewal_date_order_idx" ON "accounts" USING btree ("renewal_date",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "accounts_renewal_date_desc_order_idx" ON "accounts" USING btree ("renewal_date" desc nulls last,lower("email") desc,"id" desc);--> statement-breakpoint
CREATE INDEX "gsuite_accounts_organization_order_idx" ON "gsuite_accounts" USING btree ("organization",lower("email"),"id","email");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_plan_type_order_idx" ON "gsuite_accounts" USING btree ("plan_type",lower("email"),"id","email");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_created_at_idx" ON "gsuite_accounts" USING btree ("created_at","id");