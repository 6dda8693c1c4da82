-- The directory list by amount, which orders by the amount converted at the stored rates: no index
-- holds that order, but within one currency it is the amount's (a rate is positive), so a page is a
-- merge of one index walk per currency, and one of the listings without an amount (nulls last
-- either way, by name). The status columns trail the unique id: they never order, they let the
-- status filters skip rows in the index (directories/amount-merge.ts).
CREATE INDEX "directories_currency_amount_order_idx" ON "directories" USING btree ("payment_currency","payment_amount",lower("name"),"id","is_cancelled","is_one_time") WHERE "directories"."deleted_at" is null and "directories"."payment_amount" is not null;--> statement-breakpoint
CREATE INDEX "directories_blank_amount_order_idx" ON "directories" USING btree (lower("name"),"id","is_cancelled","is_one_time") WHERE "directories"."deleted_at" is null and "directories"."payment_amount" is null;
