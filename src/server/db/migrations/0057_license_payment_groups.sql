CREATE TABLE "license_payment_factors" (
	"currency" text NOT NULL,
	"target" text NOT NULL,
	"factor" numeric NOT NULL,
	CONSTRAINT "license_payment_factors_currency_target_pk" PRIMARY KEY("currency","target")
);
--> statement-breakpoint
CREATE TABLE "license_payment_groups" (
	"target" text NOT NULL,
	"start" date NOT NULL,
	"frequency" text NOT NULL,
	"licenses" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "license_payment_groups_target_start_frequency_pk" PRIMARY KEY("target","start","frequency")
);
--> statement-breakpoint
CREATE INDEX "license_payment_groups_empty_idx" ON "license_payment_groups" USING btree ("start") WHERE "license_payment_groups"."licenses" = 0;--> statement-breakpoint
CREATE INDEX "accounts_active_renewal_date_idx" ON "accounts" USING btree ("renewal_date") WHERE "accounts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "directories_payment_steps_idx" ON "directories" USING btree ("payment_frequency_months","next_payment_date") WHERE "directories"."deleted_at" is null and not "directories"."is_cancelled" and "directories"."next_payment_date" is not null;--> statement-breakpoint
CREATE INDEX "hardware_serving_warranty_expiry_idx" ON "hardware" USING btree ("warranty_expiry") WHERE "hardware"."status" <> 'retired';--> statement-breakpoint
-- The paying licenses' groups follow every statement on licenses as migration 0048's cost groups
-- do (the statement's rows summed per group, added and taken away in one upsert in the groups'
-- order, emptied groups removed), once per display currency of license_payment_factors: each
-- license's amount converted at its currency's factor and rounded to cents before it is summed,
-- as the calendar's events are. A currency without a factor converts at 1, as rateSql's does.
-- No factors (before the calendar first asks, see decision 0062): no groups.
CREATE OR REPLACE FUNCTION qm_license_payment_rows(rows_sign integer, l "licenses")
  RETURNS TABLE (target text, start date, frequency text, n integer, amount numeric)
  LANGUAGE sql STABLE AS $$
  SELECT t.target, l.purchase_date, l.payment_frequency, rows_sign,
    rows_sign * round(l.payment_amount * coalesce(f.factor, 1), 2)
  FROM (SELECT DISTINCT target FROM "license_payment_factors") AS t
  LEFT JOIN "license_payment_factors" AS f ON f.target = t.target AND f.currency = l.payment_currency
  WHERE l.purchase_date IS NOT NULL AND l.payment_amount IS NOT NULL
    AND l.renewal_status <> 'cancelled'
    AND l.payment_frequency IN ('daily', 'weekly', 'monthly', 'quarterly', 'annually')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_license_payment_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "license_payment_groups" AS g ("target", "start", "frequency", "licenses", "amount")
      SELECT p.target, p.start, p.frequency, sum(p.n), sum(p.amount)
      FROM new_licenses AS l CROSS JOIN LATERAL qm_license_payment_rows(1, l) AS p
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT ("target", "start", "frequency") DO UPDATE SET
        "licenses" = g."licenses" + excluded."licenses", "amount" = g."amount" + excluded."amount";
  ELSE
    INSERT INTO "license_payment_groups" AS g ("target", "start", "frequency", "licenses", "amount")
      SELECT p.target, p.start, p.frequency, sum(p.n), sum(p.amount) FROM (
        SELECT o.* FROM old_licenses AS l CROSS JOIN LATERAL qm_license_payment_rows(-1, l) AS o
        UNION ALL
        SELECT i.* FROM new_licenses AS l CROSS JOIN LATERAL qm_license_payment_rows(1, l) AS i
      ) AS p
      GROUP BY 1, 2, 3
      HAVING sum(p.n) <> 0 OR sum(p.amount) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT ("target", "start", "frequency") DO UPDATE SET
        "licenses" = g."licenses" + excluded."licenses", "amount" = g."amount" + excluded."amount";
    DELETE FROM "license_payment_groups" WHERE "licenses" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A DELETE statement has no new rows.
CREATE OR REPLACE FUNCTION qm_license_payment_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "license_payment_groups" AS g ("target", "start", "frequency", "licenses", "amount")
    SELECT p.target, p.start, p.frequency, sum(p.n), sum(p.amount)
    FROM old_licenses AS l CROSS JOIN LATERAL qm_license_payment_rows(-1, l) AS p
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("target", "start", "frequency") DO UPDATE SET
      "licenses" = g."licenses" + excluded."licenses", "amount" = g."amount" + excluded."amount";
  DELETE FROM "license_payment_groups" WHERE "licenses" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER licenses_payment_groups_insert AFTER INSERT ON "licenses"
  REFERENCING NEW TABLE AS new_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_payment_groups();
--> statement-breakpoint
CREATE TRIGGER licenses_payment_groups_update AFTER UPDATE ON "licenses"
  REFERENCING OLD TABLE AS old_licenses NEW TABLE AS new_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_payment_groups();
--> statement-breakpoint
CREATE TRIGGER licenses_payment_groups_delete AFTER DELETE ON "licenses"
  REFERENCING OLD TABLE AS old_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_license_payment_groups_delete();
