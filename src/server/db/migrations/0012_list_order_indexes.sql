DROP INDEX "trust_reviews_client_name_lower_idx";--> statement-breakpoint
DROP INDEX "trust_reviews_created_at_idx";--> statement-breakpoint
CREATE INDEX "gsuite_accounts_email_order_idx" ON "gsuite_accounts" USING btree (lower("email"),"id","email");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_plan_type_desc_idx" ON "gsuite_accounts" USING btree ("plan_type" desc,lower("email"),"id","email");--> statement-breakpoint
CREATE INDEX "trust_reviews_assigned_date_idx" ON "trust_reviews" USING btree ("assigned_date","id");--> statement-breakpoint
CREATE INDEX "trust_reviews_client_name_lower_idx" ON "trust_reviews" USING btree (lower("client_name"),"id","client_name");--> statement-breakpoint
CREATE INDEX "trust_reviews_created_at_idx" ON "trust_reviews" USING btree ("created_at","id");