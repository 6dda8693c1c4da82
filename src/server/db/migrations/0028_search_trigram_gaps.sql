-- The searched columns that had no trigram index (decision 0009, amended 2026-11-24): the directories
-- list searches location beside name and url, the hardware requests list name and reason.
CREATE INDEX "directories_location_trgm_idx" ON "directories" USING gin ("location" gin_trgm_ops) WITH (fastupdate=true,gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "hardware_requests_name_trgm_idx" ON "hardware_requests" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "hardware_requests_reason_trgm_idx" ON "hardware_requests" USING gin ("reason" gin_trgm_ops) WITH (fastupdate=false);