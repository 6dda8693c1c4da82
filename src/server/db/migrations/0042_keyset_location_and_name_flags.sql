DROP INDEX "users_full_name_order_idx";--> statement-breakpoint
DROP INDEX "users_full_name_desc_order_idx";--> statement-breakpoint
CREATE INDEX "hardware_location_sort_idx" ON "hardware" USING btree (("location" is null),"location",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "hardware_location_desc_sort_idx" ON "hardware" USING btree (("location" is not null),"location",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_order_idx" ON "users" USING btree ((lower("full_name") is null),lower("full_name"),lower("username"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_desc_order_idx" ON "users" USING btree ((lower("full_name") is not null),lower("full_name"),lower("username"),"id");