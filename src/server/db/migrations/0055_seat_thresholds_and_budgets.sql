-- Issue 34 (decision 0058): a license's low-seat threshold with its crossing kept by triggers, so
-- every write that takes or frees a seat (the screens, imports, offboarding, SCIM, a sync) moves
-- it; and the monthly budgets.
ALTER TABLE "licenses" ADD COLUMN "low_seat_threshold" integer;--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_low_seat_threshold_check" CHECK ("low_seat_threshold" IS NULL OR "low_seat_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "low_seats" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "low_seat_crossings" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "licenses" ADD COLUMN "low_seat_alerted" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The licenses list's "at or under threshold" filter: few rows, found without reading the others.
CREATE INDEX "licenses_low_seats_idx" ON "licenses" USING btree (lower("name"), "id") WHERE "low_seats";--> statement-breakpoint
-- Crossings not alerted yet (notifications/seat-alerts.ts): usually none, read by the index alone.
CREATE INDEX "licenses_low_seat_unalerted_idx" ON "licenses" USING btree ("id") WHERE "low_seat_crossings" > "low_seat_alerted";--> statement-breakpoint
-- A license is low when it has a threshold and its available seats (total less active
-- assignments) are at or under it; each change from not low to low counts one crossing, which
-- the application alerts once (the crossing's number is the alert's key). Kept here, on every
-- path, rather than in each service that moves seats. The rule is written once more in
-- src/domain/seat-threshold.ts for responses; seat-threshold.test.ts holds the two equal.
CREATE OR REPLACE FUNCTION qm_license_low_seats_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_low boolean;
BEGIN
  IF NEW."low_seat_threshold" IS NULL THEN
    NEW."low_seats" := false;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW."total_seats" = OLD."total_seats"
      AND NEW."low_seat_threshold" IS NOT DISTINCT FROM OLD."low_seat_threshold" THEN
    RETURN NEW; -- seats moved by the assignments' trigger, or nothing about seats changed
  END IF;
  is_low := NEW."total_seats" - (SELECT count(*) FROM "license_assignments" a
    WHERE a."license_id" = NEW."id" AND a."is_active") <= NEW."low_seat_threshold";
  IF is_low AND NOT NEW."low_seats" THEN
    NEW."low_seat_crossings" := NEW."low_seat_crossings" + 1;
  END IF;
  NEW."low_seats" := is_low;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER licenses_low_seats_row BEFORE INSERT OR UPDATE ON "licenses"
  FOR EACH ROW EXECUTE FUNCTION qm_license_low_seats_row();
--> statement-breakpoint
-- After each statement on license_assignments: the licenses with a threshold whose rows it
-- touched are judged again, and only those whose state changed are written.
CREATE OR REPLACE FUNCTION qm_license_judge_low_seats(license_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "licenses" l SET "low_seats" = j.is_low,
      "low_seat_crossings" = l."low_seat_crossings" + CASE WHEN j.is_low THEN 1 ELSE 0 END
    FROM (SELECT t."id", t."total_seats" - (SELECT count(*) FROM "license_assignments" a
          WHERE a."license_id" = t."id" AND a."is_active") <= t."low_seat_threshold" AS is_low
        FROM "licenses" t
        WHERE t."id" = ANY(license_ids) AND t."low_seat_threshold" IS NOT NULL) j
    WHERE l."id" = j."id" AND l."low_seats" <> j.is_low;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_license_low_seats_assignments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM qm_license_judge_low_seats(ARRAY(SELECT DISTINCT license_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM qm_license_judge_low_seats(ARRAY(SELECT DISTINCT license_id FROM old_rows));
  ELSE
    PERFORM qm_license_judge_low_seats(ARRAY(
      SELECT license_id FROM new_rows UNION SELECT license_id FROM old_rows));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER license_assignments_low_seats_insert AFTER INSERT ON "license_assignments"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_low_seats_assignments();
--> statement-breakpoint
CREATE TRIGGER license_assignments_low_seats_update AFTER UPDATE ON "license_assignments"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_low_seats_assignments();
--> statement-breakpoint
CREATE TRIGGER license_assignments_low_seats_delete AFTER DELETE ON "license_assignments"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_low_seats_assignments();
--> statement-breakpoint
-- The monthly budgets (one row): in the currency they were set in, overall and per source; null
-- for no budget.
CREATE TABLE "budgets" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency" text NOT NULL,
	"total" numeric(12, 2),
	"licenses" numeric(12, 2),
	"directories" numeric(12, 2),
	"gsuite" numeric(12, 2),
	"hosting" numeric(12, 2),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
