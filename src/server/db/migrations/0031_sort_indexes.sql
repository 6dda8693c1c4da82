-- The lists' sorts as index walks (issue 7): licenses by expiry date in either direction (ties by
-- name and id), users by name in either direction and by creation date, assignments newest first.
-- At 50,000 licenses a page sorted by expiry date descending sorted every row (47-79 ms).
DROP INDEX "licenses_expiry_date_idx";--> statement-breakpoint
CREATE INDEX "license_assignments_created_at_idx" ON "license_assignments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "licenses_expiry_date_desc_idx" ON "licenses" USING btree ("expiry_date" desc nulls last,lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_order_idx" ON "users" USING btree (lower("full_name"),lower("username"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_desc_order_idx" ON "users" USING btree (lower("full_name") desc nulls last,lower("username"),"id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "licenses_expiry_date_idx" ON "licenses" USING btree ("expiry_date",lower("name"),"id");