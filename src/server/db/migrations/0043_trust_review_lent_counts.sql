ALTER TABLE "licenses" ADD COLUMN "active_trust_reviews" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- No review written between the counting and the triggers (another instance of the old version
-- still serving): the migration's transaction holds this until the triggers exist.
LOCK TABLE "trust_reviews" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE "licenses" l SET "active_trust_reviews" = c.n
  FROM (SELECT "license_id" AS id, count(*)::integer AS n FROM "trust_reviews"
    WHERE "is_active" GROUP BY "license_id") AS c
  WHERE l."id" = c.id;
--> statement-breakpoint
-- The count follows every statement on trust_reviews, as migration 0039's G Suite counts do: one
-- UPDATE per license whose count the statement changed, by the sum over its rows (+1 for an
-- active review added or made active or moved to the license, -1 for one removed, made inactive or
-- moved away). A license deleted with its reviews (cascade) has no row left to update.
CREATE OR REPLACE FUNCTION qm_trust_review_lent_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "licenses" t SET "active_trust_reviews" = t."active_trust_reviews" + c.n
      FROM (SELECT license_id AS id, count(*)::integer AS n FROM new_reviews
        WHERE is_active GROUP BY license_id) AS c
      WHERE t."id" = c.id;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "licenses" t SET "active_trust_reviews" = t."active_trust_reviews" - c.n
      FROM (SELECT license_id AS id, count(*)::integer AS n FROM old_reviews
        WHERE is_active GROUP BY license_id) AS c
      WHERE t."id" = c.id;
  ELSE
    UPDATE "licenses" t SET "active_trust_reviews" = t."active_trust_reviews" + c.n
      FROM (SELECT license_id AS id, sum(n)::integer AS n FROM (
          SELECT license_id, 1 AS n FROM new_reviews WHERE is_active
          UNION ALL SELECT license_id, -1 AS n FROM old_reviews WHERE is_active) AS rows
        GROUP BY license_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trust_reviews_lent_insert AFTER INSERT ON "trust_reviews"
  REFERENCING NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION qm_trust_review_lent_counts();
--> statement-breakpoint
CREATE TRIGGER trust_reviews_lent_update AFTER UPDATE ON "trust_reviews"
  REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION qm_trust_review_lent_counts();
--> statement-breakpoint
CREATE TRIGGER trust_reviews_lent_delete AFTER DELETE ON "trust_reviews"
  REFERENCING OLD TABLE AS old_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION qm_trust_review_lent_counts();
