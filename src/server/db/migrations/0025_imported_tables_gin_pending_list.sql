-- The GIN indexes of imported tables get a small pending list (schema.ts IMPORTED_TABLE_GIN, decision 0030).
-- Changed in place: nothing to rebuild.
ALTER INDEX "accounts_email_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "accounts_payment_method_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "accounts_payment_details_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "directories_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "directories_url_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "hardware_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "hardware_identifier_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "hardware_location_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "hardware_pc_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "licenses_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "licenses_key_search_tokens_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "users_username_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "users_full_name_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
--> statement-breakpoint
ALTER INDEX "users_department_trgm_idx" SET (fastupdate = true, gin_pending_list_limit = 64);
