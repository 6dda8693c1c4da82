CREATE TABLE "office_account_groups" (
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"accounts" integer NOT NULL,
	"paid" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "office_account_groups_status_currency_pk" PRIMARY KEY("status","currency")
);
--> statement-breakpoint
-- The groups follow every statement on accounts as migration 0048's do: the statement's rows are
-- summed per group, added (new rows) and taken away (old rows), in one upsert per statement in
-- the groups' order (so two statements touching the same groups queue rather than deadlock);
-- groups left empty are removed. `paid` counts the amounts there are, so that a group whose
-- accounts have none answers no sum, as sum() over nulls does.
CREATE OR REPLACE FUNCTION qm_office_account_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "office_account_groups" AS g ("status", "currency", "accounts", "paid", "amount")
      SELECT status, payment_currency, count(*), count(payment_amount), coalesce(sum(payment_amount), 0)
      FROM new_accounts GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("status", "currency") DO UPDATE SET
        "accounts" = g."accounts" + excluded."accounts", "paid" = g."paid" + excluded."paid",
        "amount" = g."amount" + excluded."amount";
  ELSE
    INSERT INTO "office_account_groups" AS g ("status", "currency", "accounts", "paid", "amount")
      SELECT status, currency, sum(n), sum(paid), sum(amount) FROM (
        SELECT status, payment_currency AS currency, -1 AS n,
          -(payment_amount IS NOT NULL)::int AS paid, -coalesce(payment_amount, 0) AS amount
        FROM old_accounts
        UNION ALL
        SELECT status, payment_currency, 1, (payment_amount IS NOT NULL)::int,
          coalesce(payment_amount, 0)
        FROM new_accounts
      ) AS d
      GROUP BY 1, 2
      HAVING sum(n) <> 0 OR sum(paid) <> 0 OR sum(amount) <> 0
      ORDER BY 1, 2
      ON CONFLICT ("status", "currency") DO UPDATE SET
        "accounts" = g."accounts" + excluded."accounts", "paid" = g."paid" + excluded."paid",
        "amount" = g."amount" + excluded."amount";
    DELETE FROM "office_account_groups" WHERE "accounts" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- A DELETE statement has no new rows: its own function takes the old rows away.
CREATE OR REPLACE FUNCTION qm_office_account_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "office_account_groups" AS g ("status", "currency", "accounts", "paid", "amount")
    SELECT status, payment_currency, -count(*), -count(payment_amount), -coalesce(sum(payment_amount), 0)
    FROM old_accounts GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT ("status", "currency") DO UPDATE SET
      "accounts" = g."accounts" + excluded."accounts", "paid" = g."paid" + excluded."paid",
      "amount" = g."amount" + excluded."amount";
  DELETE FROM "office_account_groups" WHERE "accounts" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- No account written between the summing and the triggers (another instance of the old version
-- still serving): the migration's transaction holds this until the triggers exist.
LOCK TABLE "accounts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "office_account_groups" ("status", "currency", "accounts", "paid", "amount")
  SELECT status, payment_currency, count(*), count(payment_amount), coalesce(sum(payment_amount), 0)
  FROM "accounts" GROUP BY 1, 2;
--> statement-breakpoint
CREATE TRIGGER accounts_groups_insert AFTER INSERT ON "accounts"
  REFERENCING NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_office_account_groups();
--> statement-breakpoint
CREATE TRIGGER accounts_groups_update AFTER UPDATE ON "accounts"
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_office_account_groups();
--> statement-breakpoint
CREATE TRIGGER accounts_groups_delete AFTER DELETE ON "accounts"
  REFERENCING OLD TABLE AS old_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_office_account_groups_delete();
