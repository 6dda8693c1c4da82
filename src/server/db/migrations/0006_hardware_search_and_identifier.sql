CREATE UNIQUE INDEX "hardware_identifier_idx" ON "hardware" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "hardware_status_idx" ON "hardware" USING btree ("status");--> statement-breakpoint
CREATE INDEX "hardware_name_trgm_idx" ON "hardware" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hardware_identifier_trgm_idx" ON "hardware" USING gin ("identifier" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hardware_location_trgm_idx" ON "hardware" USING gin ("location" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hardware_pc_name_trgm_idx" ON "hardware" USING gin ("pc_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hardware_requests_created_at_idx" ON "hardware_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "hardware_requests_hardware_id_idx" ON "hardware_requests" USING btree ("hardware_id");