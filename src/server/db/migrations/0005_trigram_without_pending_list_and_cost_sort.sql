DROP INDEX "licenses_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_username_trgm_idx";--> statement-breakpoint
DROP INDEX "users_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_email_trgm_idx";--> statement-breakpoint
DROP INDEX "users_department_trgm_idx";--> statement-breakpoint
CREATE INDEX "licenses_monthly_usd_cost_idx" ON "licenses" USING btree (("payment_amount" * (case "payment_frequency" when 'daily' then 30.44::numeric when 'weekly' then 4.33::numeric when 'monthly' then 1::numeric when 'quarterly' then 0.3333333333333333::numeric when 'annually' then 0.08333333333333333::numeric when 'one-time' then 0.08333333333333333::numeric else 0 end) * (case "payment_currency" when 'USD' then 1::numeric when 'AUD' then 0.67::numeric when 'EUR' then 1.09::numeric when 'GBP' then 1.25::numeric else 1 end)),lower("name"),"id");--> statement-breakpoint
CREATE INDEX "licenses_monthly_usd_cost_desc_idx" ON "licenses" USING btree (("payment_amount" * (case "payment_frequency" when 'daily' then 30.44::numeric when 'weekly' then 4.33::numeric when 'monthly' then 1::numeric when 'quarterly' then 0.3333333333333333::numeric when 'annually' then 0.08333333333333333::numeric when 'one-time' then 0.08333333333333333::numeric else 0 end) * (case "payment_currency" when 'USD' then 1::numeric when 'AUD' then 0.67::numeric when 'EUR' then 1.09::numeric when 'GBP' then 1.25::numeric else 1 end)) desc nulls last,lower("name"),"id");--> statement-breakpoint
CREATE INDEX "licenses_name_trgm_idx" ON "licenses" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "users_department_trgm_idx" ON "users" USING gin ("department" gin_trgm_ops) WITH (fastupdate=false);