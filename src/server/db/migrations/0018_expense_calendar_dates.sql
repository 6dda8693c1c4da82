CREATE INDEX "accounts_renewal_date_idx" ON "accounts" USING btree ("renewal_date");--> statement-breakpoint
CREATE INDEX "hardware_warranty_expiry_idx" ON "hardware" USING btree ("warranty_expiry");--> statement-breakpoint
CREATE INDEX "licenses_purchase_date_idx" ON "licenses" USING btree ("purchase_date");