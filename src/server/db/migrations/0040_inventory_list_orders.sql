DROP INDEX "directories_name_lower_idx";--> statement-breakpoint
DROP INDEX "hardware_type_idx";--> statement-breakpoint
DROP INDEX "hardware_location_idx";--> statement-breakpoint
DROP INDEX "hardware_status_idx";--> statement-breakpoint
DROP INDEX "hardware_requests_requested_by_idx";--> statement-breakpoint
DROP INDEX "hardware_requests_status_idx";--> statement-breakpoint
DROP INDEX "users_full_name_order_idx";--> statement-breakpoint
DROP INDEX "users_full_name_desc_order_idx";--> statement-breakpoint
CREATE INDEX "directories_name_order_idx" ON "directories" USING btree (lower("name"),"id") WHERE "directories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "directories_next_payment_order_idx" ON "directories" USING btree (("next_payment_date" is null),"next_payment_date",lower("name"),"id") WHERE "directories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "directories_next_payment_desc_order_idx" ON "directories" USING btree (("next_payment_date" is not null),"next_payment_date",lower("name"),"id") WHERE "directories"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "hardware_type_order_idx" ON "hardware" USING btree ("type",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "hardware_location_order_idx" ON "hardware" USING btree ("location",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "hardware_status_order_idx" ON "hardware" USING btree ("status",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "hardware_created_at_idx" ON "hardware" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "hardware_requests_status_order_idx" ON "hardware_requests" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "hardware_requests_requested_by_order_idx" ON "hardware_requests" USING btree ("requested_by_user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_username_order_idx" ON "users" USING btree (lower("username"),"id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_full_name_order_idx" ON "users" USING btree (("full_name" is null),lower("full_name"),lower("username"),"id");--> statement-breakpoint
CREATE INDEX "users_full_name_desc_order_idx" ON "users" USING btree (("full_name" is not null),lower("full_name"),lower("username"),"id");