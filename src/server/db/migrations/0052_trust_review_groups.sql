CREATE TABLE "lent_license_groups" (
	"currency" text NOT NULL,
	"frequency" text NOT NULL,
	"licenses" integer NOT NULL,
	"paid" integer NOT NULL,
	"amount" numeric NOT NULL,
	"used" integer NOT NULL,
	"seats" integer NOT NULL,
	CONSTRAINT "lent_license_groups_currency_frequency_pk" PRIMARY KEY("currency","frequency")
);
--> statement-breakpoint
CREATE TABLE "trust_review_groups" (
	"currency" text NOT NULL,
	"frequency" text NOT NULL,
	"total" integer NOT NULL,
	"active" integer NOT NULL,
	"paying" integer NOT NULL,
	"not_paying" integer NOT NULL,
	"partial" integer NOT NULL,
	"pending" integer NOT NULL,
	"revenue_n" integer NOT NULL,
	"revenue" numeric NOT NULL,
	CONSTRAINT "trust_review_groups_currency_frequency_pk" PRIMARY KEY("currency","frequency")
);
--> statement-breakpoint
CREATE INDEX "licenses_over_committed_idx" ON "licenses" USING btree ("id") WHERE "licenses"."active_trust_reviews" > "licenses"."total_seats";--> statement-breakpoint
-- Kept as migration 0048's groups are: each statement's rows summed per group, added (new rows)
-- and taken away (old rows) in one upsert in the groups' order; emptied groups removed.
CREATE OR REPLACE FUNCTION qm_trust_review_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "trust_review_groups" AS g ("currency", "frequency", "total", "active", "paying",
        "not_paying", "partial", "pending", "revenue_n", "revenue")
      SELECT client_payment_currency, payment_frequency, count(*),
        count(*) FILTER (WHERE is_active),
        count(*) FILTER (WHERE payment_status = 'paying'),
        count(*) FILTER (WHERE payment_status = 'not_paying'),
        count(*) FILTER (WHERE payment_status = 'partial'),
        count(*) FILTER (WHERE approval_status = 'pending'),
        count(client_payment_amount) FILTER (WHERE is_active AND payment_status IN ('paying', 'partial')),
        coalesce(sum(client_payment_amount) FILTER (WHERE is_active AND payment_status IN ('paying', 'partial')), 0)
      FROM new_reviews GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("currency", "frequency") DO UPDATE SET
        "total" = g."total" + excluded."total", "active" = g."active" + excluded."active",
        "paying" = g."paying" + excluded."paying", "not_paying" = g."not_paying" + excluded."not_paying",
        "partial" = g."partial" + excluded."partial", "pending" = g."pending" + excluded."pending",
        "revenue_n" = g."revenue_n" + excluded."revenue_n", "revenue" = g."revenue" + excluded."revenue";
  ELSE
    INSERT INTO "trust_review_groups" AS g ("currency", "frequency", "total", "active", "paying",
        "not_paying", "partial", "pending", "revenue_n", "revenue")
      SELECT currency, frequency, sum(total), sum(active), sum(paying), sum(not_paying),
        sum(partial), sum(pending), sum(revenue_n), sum(revenue)
      FROM (
        SELECT client_payment_currency AS currency, payment_frequency AS frequency, -1 AS total,
          -(is_active)::int AS active, -(payment_status = 'paying')::int AS paying,
          -(payment_status = 'not_paying')::int AS not_paying,
          -(payment_status = 'partial')::int AS partial,
          -(approval_status = 'pending')::int AS pending,
          -(is_active AND payment_status IN ('paying', 'partial') AND client_payment_amount IS NOT NULL)::int AS revenue_n,
          -CASE WHEN is_active AND payment_status IN ('paying', 'partial') THEN coalesce(client_payment_amount, 0) ELSE 0 END AS revenue
        FROM old_reviews
        UNION ALL
        SELECT client_payment_currency, payment_frequency, 1, (is_active)::int,
          (payment_status = 'paying')::int, (payment_status = 'not_paying')::int,
          (payment_status = 'partial')::int, (approval_status = 'pending')::int,
          (is_active AND payment_status IN ('paying', 'partial') AND client_payment_amount IS NOT NULL)::int,
          CASE WHEN is_active AND payment_status IN ('paying', 'partial') THEN coalesce(client_payment_amount, 0) ELSE 0 END
        FROM new_reviews
      ) AS d
      GROUP BY 1, 2
      HAVING sum(total) <> 0 OR sum(active) <> 0 OR sum(paying) <> 0 OR sum(not_paying) <> 0
        OR sum(partial) <> 0 OR sum(pending) <> 0 OR sum(revenue_n) <> 0 OR sum(revenue) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("currency", "frequency") DO UPDATE SET
        "total" = g."total" + excluded."total", "active" = g."active" + excluded."active",
        "paying" = g."paying" + excluded."paying", "not_paying" = g."not_paying" + excluded."not_paying",
        "partial" = g."partial" + excluded."partial", "pending" = g."pending" + excluded."pending",
        "revenue_n" = g."revenue_n" + excluded."revenue_n", "revenue" = g."revenue" + excluded."revenue";
    DELETE FROM "trust_review_groups" WHERE "total" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_trust_review_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "trust_review_groups" AS g ("currency", "frequency", "total", "active", "paying",
      "not_paying", "partial", "pending", "revenue_n", "revenue")
    SELECT client_payment_currency, payment_frequency, -count(*),
      -count(*) FILTER (WHERE is_active),
      -count(*) FILTER (WHERE payment_status = 'paying'),
      -count(*) FILTER (WHERE payment_status = 'not_paying'),
      -count(*) FILTER (WHERE payment_status = 'partial'),
      -count(*) FILTER (WHERE approval_status = 'pending'),
      -count(client_payment_amount) FILTER (WHERE is_active AND payment_status IN ('paying', 'partial')),
      -coalesce(sum(client_payment_amount) FILTER (WHERE is_active AND payment_status IN ('paying', 'partial')), 0)
    FROM old_reviews GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("currency", "frequency") DO UPDATE SET
      "total" = g."total" + excluded."total", "active" = g."active" + excluded."active",
      "paying" = g."paying" + excluded."paying", "not_paying" = g."not_paying" + excluded."not_paying",
      "partial" = g."partial" + excluded."partial", "pending" = g."pending" + excluded."pending",
      "revenue_n" = g."revenue_n" + excluded."revenue_n", "revenue" = g."revenue" + excluded."revenue";
  DELETE FROM "trust_review_groups" WHERE "total" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A license counts in the lent groups while active clients use it (active_trust_reviews > 0, a
-- count trust_reviews' triggers keep on licenses, so their updates reach these triggers too).
CREATE OR REPLACE FUNCTION qm_lent_license_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "lent_license_groups" AS g ("currency", "frequency", "licenses", "paid", "amount", "used", "seats")
      SELECT payment_currency, payment_frequency, count(*), count(payment_amount),
        coalesce(sum(payment_amount), 0), sum(active_trust_reviews), sum(total_seats)
      FROM new_licenses WHERE active_trust_reviews > 0 GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("currency", "frequency") DO UPDATE SET
        "licenses" = g."licenses" + excluded."licenses", "paid" = g."paid" + excluded."paid",
        "amount" = g."amount" + excluded."amount", "used" = g."used" + excluded."used",
        "seats" = g."seats" + excluded."seats";
  ELSE
    INSERT INTO "lent_license_groups" AS g ("currency", "frequency", "licenses", "paid", "amount", "used", "seats")
      SELECT currency, frequency, sum(n), sum(paid), sum(amount), sum(used), sum(seats) FROM (
        SELECT payment_currency AS currency, payment_frequency AS frequency, -1 AS n,
          -(payment_amount IS NOT NULL)::int AS paid, -coalesce(payment_amount, 0) AS amount,
          -active_trust_reviews AS used, -total_seats AS seats
        FROM old_licenses WHERE active_trust_reviews > 0
        UNION ALL
        SELECT payment_currency, payment_frequency, 1, (payment_amount IS NOT NULL)::int,
          coalesce(payment_amount, 0), active_trust_reviews, total_seats
        FROM new_licenses WHERE active_trust_reviews > 0
      ) AS d
      GROUP BY 1, 2
      HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(amount) <> 0 OR sum(used) <> 0 OR sum(seats) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("currency", "frequency") DO UPDATE SET
        "licenses" = g."licenses" + excluded."licenses", "paid" = g."paid" + excluded."paid",
        "amount" = g."amount" + excluded."amount", "used" = g."used" + excluded."used",
        "seats" = g."seats" + excluded."seats";
    DELETE FROM "lent_license_groups" WHERE "licenses" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_lent_license_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lent_license_groups" AS g ("currency", "frequency", "licenses", "paid", "amount", "used", "seats")
    SELECT payment_currency, payment_frequency, -count(*), -count(payment_amount),
      -coalesce(sum(payment_amount), 0), -sum(active_trust_reviews), -sum(total_seats)
    FROM old_licenses WHERE active_trust_reviews > 0 GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("currency", "frequency") DO UPDATE SET
      "licenses" = g."licenses" + excluded."licenses", "paid" = g."paid" + excluded."paid",
      "amount" = g."amount" + excluded."amount", "used" = g."used" + excluded."used",
      "seats" = g."seats" + excluded."seats";
  DELETE FROM "lent_license_groups" WHERE "licenses" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- No review or license written between the summing and the triggers (another instance of the
-- old version still serving): the migration's transaction holds these until the triggers exist.
LOCK TABLE "licenses" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
LOCK TABLE "trust_reviews" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "trust_review_groups" ("currency", "frequency", "total", "active", "paying",
    "not_paying", "partial", "pending", "revenue_n", "revenue")
  SELECT client_payment_currency, payment_frequency, count(*),
    count(*) FILTER (WHERE is_active),
    count(*) FILTER (WHERE payment_status = 'paying'),
    count(*) FILTER (WHERE payment_status = 'not_paying'),
    count(*) FILTER (WHERE payment_status = 'partial'),
    count(*) FILTER (WHERE approval_status = 'pending'),
    count(client_payment_amount) FILTER (WHERE is_active AND payment_status IN ('paying', 'partial')),
    coalesce(sum(client_payment_amount) FILTER (WHERE is_active AND payment_status IN ('paying', 'partial')), 0)
  FROM "trust_reviews" GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "lent_license_groups" ("currency", "frequency", "licenses", "paid", "amount", "used", "seats")
  SELECT payment_currency, payment_frequency, count(*), count(payment_amount),
    coalesce(sum(payment_amount), 0), sum(active_trust_reviews), sum(total_seats)
  FROM "licenses" WHERE active_trust_reviews > 0 GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER trust_reviews_groups_insert AFTER INSERT ON "trust_reviews"
  REFERENCING NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION qm_trust_review_groups();
--> statement-breakpoint
CREATE TRIGGER trust_reviews_groups_update AFTER UPDATE ON "trust_reviews"
  REFERENCING OLD TABLE AS old_reviews NEW TABLE AS new_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION qm_trust_review_groups();
--> statement-breakpoint
CREATE TRIGGER trust_reviews_groups_delete AFTER DELETE ON "trust_reviews"
  REFERENCING OLD TABLE AS old_reviews
  FOR EACH STATEMENT EXECUTE FUNCTION qm_trust_review_groups_delete();
--> statement-breakpoint
CREATE TRIGGER licenses_lent_groups_insert AFTER INSERT ON "licenses"
  REFERENCING NEW TABLE AS new_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_lent_license_groups();
--> statement-breakpoint
CREATE TRIGGER licenses_lent_groups_update AFTER UPDATE ON "licenses"
  REFERENCING OLD TABLE AS old_licenses NEW TABLE AS new_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_lent_license_groups();
--> statement-breakpoint
CREATE TRIGGER licenses_lent_groups_delete AFTER DELETE ON "licenses"
  REFERENCING OLD TABLE AS old_licenses
  FOR EACH STATEMENT EXECUTE FUNCTION qm_lent_license_groups_delete();
