DROP INDEX "hardware_name_lower_idx";--> statement-breakpoint
DROP INDEX "hardware_requests_created_at_idx";--> statement-breakpoint
CREATE INDEX "hardware_name_lower_idx" ON "hardware" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "hardware_requests_created_at_idx" ON "hardware_requests" USING btree ("created_at","id");