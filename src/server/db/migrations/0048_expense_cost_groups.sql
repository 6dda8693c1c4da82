CREATE TABLE "directory_cost_groups" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"months" integer NOT NULL,
	"is_one_time" boolean NOT NULL,
	"listings" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "directory_cost_groups_day_currency_months_is_one_time_pk" PRIMARY KEY("day","currency","months","is_one_time")
);
--> statement-breakpoint
CREATE TABLE "license_cost_groups" (
	"start" date NOT NULL,
	"currency" text NOT NULL,
	"frequency" text NOT NULL,
	"licenses" integer NOT NULL,
	"seats" integer NOT NULL,
	"paid" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "license_cost_groups_start_currency_frequency_pk" PRIMARY KEY("start","currency","frequency")
);
--> statement-breakpoint
CREATE INDEX "directory_cost_groups_empty_idx" ON "directory_cost_groups" USING btree ("day") WHERE "directory_cost_groups"."listings" = 0;--> statement-breakpoint
CREATE INDEX "license_cost_groups_empty_idx" ON "license_cost_groups" USING btree ("start") WHERE "license_cost_groups"."licenses" = 0;--> statement-breakpoint
-- The groups follow every statement on licenses and directories as migration 0043's counts do:
-- the statement's rows are summed per group, added (new rows) and taken away (old rows), in one
-- upsert per statement in the groups' order (so two statements touching the same groups queue
-- rather than deadlock); groups left empty are removed.
CREATE OR REPLACE FUNCTION qm_license_cost_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "license_cost_groups" AS g ("start", "currency", "frequency", "licenses", "seats", "paid", "amount")
      SELECT coalesce(purchase_date, (created_at AT TIME ZONE 'UTC')::date), payment_currency,
        payment_frequency, count(*), sum(total_seats), count(payment_amount), coalesce(sum(payment_amount), 0)
      FROM new_licenses GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("start", "currency", "frequency") DO UPDATE SET
        "licenses" = g."licenses" + excluded."licenses", "seats" = g."seats" + excluded."seats",
        "paid" = g."paid" + excluded."paid", "amount" = g."amount" + excluded."amount";
  ELSE
    INSERT INTO "license_cost_groups" AS g ("start", "currency", "frequency", "licenses", "seats", "paid", "amount")
      SELECT start, currency, frequency, sum(n), sum(seats), sum(paid), sum(amount) FROM (
        SELECT coalesce(purchase_date, (created_at AT TIME ZONE 'UTC')::date) AS start,
          payment_currency AS currency, payment_frequency AS frequency, -1 AS n,
          -total_seats AS seats, -(payment_amount IS NOT NULL)::int AS paid,
          -coalesce(payment_amount, 0) AS amount
        FROM old_licenses
        UNION ALL
        SELECT coalesce(purchase_date, (created_at AT TIME ZONE 'UTC')::date), payment_currency,
          payment_frequency, 1, total_seats, (payment_amount IS NOT NULL)::int,
          coalesce(payment_amount, 0)
        FROM new_licenses
      ) AS d
      GROUP BY 1, 2, 3
      HAVING sum(n) <> 0 OR sum(seats) <> 0 OR sum(paid) <> 0 OR sum(amount) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT ("start", "currency", "frequency") DO UPDATE SET
        "licenses" = g."licenses" + excluded."licenses", "seats" = g."seats" + excluded."seats",
        "paid" = g."paid" + excluded."paid", "amount" = g."amount" + excluded."amount";
    DELETE FROM "license_cost_groups" WHERE "licenses" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A DELETE statement has no new rows: an empty table of the licenses' shape stands in for them.
CREATE OR REPLACE FUNCTION qm_license_cost_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "license_cost_groups" AS g ("start", "currency", "frequency", "licenses", "seats", "paid", "amount")
    SELECT coalesce(purchase_date, (created_at AT TIME ZONE 'UTC')::date), payment_currency,
      payment_frequency, -count(*), -sum(total_seats), -count(payment_amount), -coalesce(sum(payment_amount), 0)
    FROM old_licenses GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("start", "currency", "frequency") DO UPDATE SET
      "licenses" = g."licenses" + excluded."licenses", "seats" = g."seats" + excluded."seats",
      "paid" = g."paid" + excluded."paid", "amount" = g."amount" + excluded."amount";
  DELETE FROM "license_cost_groups" WHERE "licenses" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The listings' groups count the billing listings only (not deleted, not cancelled, with an
-- amount), as Expense Analysis does: a listing deleted, cancelled or given an amount moves out of
-- or into them by the same sums.
CREATE OR REPLACE FUNCTION qm_directory_cost_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "directory_cost_groups" AS g ("day", "currency", "months", "is_one_time", "listings", "amount")
      SELECT (created_at AT TIME ZONE 'UTC')::date, payment_currency, payment_frequency_months,
        is_one_time, count(*), sum(payment_amount)
      FROM new_directories
      WHERE deleted_at IS NULL AND NOT is_cancelled AND payment_amount IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ("day", "currency", "months", "is_one_time") DO UPDATE SET
        "listings" = g."listings" + excluded."listings", "amount" = g."amount" + excluded."amount";
  ELSE
    INSERT INTO "directory_cost_groups" AS g ("day", "currency", "months", "is_one_time", "listings", "amount")
      SELECT day, currency, months, is_one_time, sum(n), sum(amount) FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day, payment_currency AS currency,
          payment_frequency_months AS months, is_one_time, -1 AS n, -payment_amount AS amount
        FROM old_directories
        WHERE deleted_at IS NULL AND NOT is_cancelled AND payment_amount IS NOT NULL
        UNION ALL
        SELECT (created_at AT TIME ZONE 'UTC')::date, payment_currency, payment_frequency_months,
          is_one_time, 1, payment_amount
        FROM new_directories
        WHERE deleted_at IS NULL AND NOT is_cancelled AND payment_amount IS NOT NULL
      ) AS d
      GROUP BY 1, 2, 3, 4
      HAVING sum(n) <> 0 OR sum(amount) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT ("day", "currency", "months", "is_one_time") DO UPDATE SET
        "listings" = g."listings" + excluded."listings", "amount" = g."amount" + excluded."amount";
    DELETE FROM "directory_cost_groups" WHERE "listings" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_directory_cost_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "directory_cost_groups" AS g ("day", "currency", "months", "is_one_time", "listings", "amount")
    SELECT (created_at AT TIME ZONE 'UTC')::date, payment_currency, payment_frequency_months,
      is_one_time, -count(*), -sum(payment_amount)
    FROM old_directories
    WHERE deleted_at IS NULL AND NOT is_cancelled AND payment_amount IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("day", "currency", "months", "is_one_time") DO UPDATE SET
      "listings" = g."listings" + excluded."listings", "amount" = g."amount" + excluded."amount";
  DELETE FROM "directory_cost_groups" WHERE "listings" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- No license or listing written between the summing and the triggers (another instance of the
-- old version still serving): the migration's transaction holds these until the triggers exist.
LOCK TABLE "licenses" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "directories" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "license_cost_groups" ("start", "currency", "frequency", "licenses", "seats", "paid", "amount")
  SELECT coalesce(purchase_date, (created_at AT TIME ZONE 'UTC')::date), payment_currency,
    payment_frequency, count(*), sum(total_seats), count(payment_amount), coalesce(sum(payment_amount), 0)
  FROM "licenses" GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "directory_cost_groups" ("day", "currency", "months", "is_one_time", "listings", "amount")
  SELECT (created_at AT TIME ZONE 'UTC')::date, payment_currency, payment_frequency_months,
    is_one_time, count(*), sum(payment_amount)
  FROM "directories"
  WHERE deleted_at IS NULL AND NOT is_cancelled AND payment_amount IS NOT NULL
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER licenses_cost_groups_insert AFTER INSERT ON "licenses"
  REFERENCING NEW TABLE AS new_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_cost_groups();
--> statement-breakpoint
CREATE TRIGGER licenses_cost_groups_update AFTER UPDATE ON "licenses"
  REFERENCING OLD TABLE AS old_licenses NEW TABLE AS new_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_cost_groups();
--> statement-breakpoint
CREATE TRIGGER licenses_cost_groups_delete AFTER DELETE ON "licenses"
  REFERENCING OLD TABLE AS old_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_cost_groups_delete();
--> statement-breakpoint
CREATE TRIGGER directories_cost_groups_insert AFTER INSERT ON "directories"
  REFERENCING NEW TABLE AS new_directories
  FOR EACH STATEMENT EXECUTE FUNCTION qm_directory_cost_groups();
--> statement-breakpoint
CREATE TRIGGER directories_cost_groups_update AFTER UPDATE ON "directories"
  REFERENCING OLD TABLE AS old_directories NEW TABLE AS new_directories
  FOR EACH STATEMENT EXECUTE FUNCTION qm_directory_cost_groups();
--> statement-breakpoint
CREATE TRIGGER directories_cost_groups_delete AFTER DELETE ON "directories"
  REFERENCING OLD TABLE AS old_directories
  FOR EACH STATEMENT EXECUTE FUNCTION qm_directory_cost_groups_delete();
