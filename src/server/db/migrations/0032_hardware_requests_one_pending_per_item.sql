-- A person's second pending request for the same hardware item is refused (issue 27): one pending
-- request per person and item, held by a partial unique index so that two sent at once cannot
-- both be taken (requests-service.ts). Duplicates a database already holds are resolved first:
-- the oldest stays pending, the later ones are closed as rejected, saying why (with no decider:
-- nobody decided them). Requests for new hardware have no item and are not limited.
UPDATE "hardware_requests" AS "later"
SET "status" = 'rejected',
  "rejection_reason" = 'Closed as a duplicate of an earlier pending request for the same item',
  "updated_at" = now()
WHERE "later"."status" = 'pending'
  AND "later"."hardware_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "hardware_requests" AS "earlier"
    WHERE "earlier"."status" = 'pending'
      AND "earlier"."requested_by_user_id" = "later"."requested_by_user_id"
      AND "earlier"."hardware_id" = "later"."hardware_id"
      AND ("earlier"."created_at", "earlier"."id") < ("later"."created_at", "later"."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "hardware_requests_one_pending_per_item_idx" ON "hardware_requests" USING btree ("requested_by_user_id","hardware_id") WHERE "hardware_requests"."status" = 'pending';
