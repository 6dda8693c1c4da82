CREATE TABLE "gsuite_cost_groups" (
	"day" date NOT NULL,
	"plan_id" integer NOT NULL,
	"plan_type" text NOT NULL,
	"currency" text NOT NULL,
	"accounts" integer NOT NULL,
	"amount" numeric NOT NULL,
	CONSTRAINT "gsuite_cost_groups_day_plan_id_plan_type_currency_pk" PRIMARY KEY("day","plan_id","plan_type","currency")
);
--> statement-breakpoint
CREATE INDEX "gsuite_cost_groups_empty_idx" ON "gsuite_cost_groups" USING btree ("day") WHERE "gsuite_cost_groups"."accounts" = 0;--> statement-breakpoint
-- Kept as migration 0048's groups are: each statement's accounts summed per group, added (new
-- rows) and taken away (old rows) in one upsert in the groups' order; emptied groups removed. A
-- plan deleted sets its accounts' plan_id to null: an update like any other, moving them to the
-- group of their plan type and currency.
CREATE OR REPLACE FUNCTION qm_gsuite_cost_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "gsuite_cost_groups" AS g ("day", "plan_id", "plan_type", "currency", "accounts", "amount")
      SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(plan_id, 0),
        CASE WHEN plan_id IS NULL THEN plan_type ELSE '' END,
        CASE WHEN plan_id IS NULL THEN payment_currency ELSE '' END, count(*), sum(price)
      FROM new_accounts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
      ON CONFLICT ("day", "plan_id", "plan_type", "currency") DO UPDATE SET
        "accounts" = g."accounts" + excluded."accounts", "amount" = g."amount" + excluded."amount";
  ELSE
    INSERT INTO "gsuite_cost_groups" AS g ("day", "plan_id", "plan_type", "currency", "accounts", "amount")
      SELECT day, plan_key, type_key, currency_key, sum(n), sum(amount) FROM (
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(plan_id, 0) AS plan_key,
          CASE WHEN plan_id IS NULL THEN plan_type ELSE '' END AS type_key,
          CASE WHEN plan_id IS NULL THEN payment_currency ELSE '' END AS currency_key,
          -1 AS n, -price AS amount
        FROM old_accounts
        UNION ALL
        SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(plan_id, 0),
          CASE WHEN plan_id IS NULL THEN plan_type ELSE '' END,
          CASE WHEN plan_id IS NULL THEN payment_currency ELSE '' END, 1, price
        FROM new_accounts
      ) AS d
      GROUP BY 1, 2, 3, 4
      HAVING sum(n) <> 0 OR sum(amount) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT ("day", "plan_id", "plan_type", "currency") DO UPDATE SET
        "accounts" = g."accounts" + excluded."accounts", "amount" = g."amount" + excluded."amount";
    DELETE FROM "gsuite_cost_groups" WHERE "accounts" = 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION qm_gsuite_cost_groups_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "gsuite_cost_groups" AS g ("day", "plan_id", "plan_type", "currency", "accounts", "amount")
    SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(plan_id, 0),
      CASE WHEN plan_id IS NULL THEN plan_type ELSE '' END,
      CASE WHEN plan_id IS NULL THEN payment_currency ELSE '' END, -count(*), -sum(price)
    FROM old_accounts GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("day", "plan_id", "plan_type", "currency") DO UPDATE SET
      "accounts" = g."accounts" + excluded."accounts", "amount" = g."amount" + excluded."amount";
  DELETE FROM "gsuite_cost_groups" WHERE "accounts" = 0;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- No account written between the summing and the triggers (another instance of the old version
-- still serving): the migration's transaction holds this until the triggers exist.
LOCK TABLE "gsuite_accounts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
INSERT INTO "gsuite_cost_groups" ("day", "plan_id", "plan_type", "currency", "accounts", "amount")
  SELECT (created_at AT TIME ZONE 'UTC')::date, coalesce(plan_id, 0),
    CASE WHEN plan_id IS NULL THEN plan_type ELSE '' END,
    CASE WHEN plan_id IS NULL THEN payment_currency ELSE '' END, count(*), sum(price)
  FROM "gsuite_accounts" GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER gsuite_accounts_cost_groups_insert AFTER INSERT ON "gsuite_accounts"
  REFERENCING NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_gsuite_cost_groups();
--> statement-breakpoint
CREATE TRIGGER gsuite_accounts_cost_groups_update AFTER UPDATE ON "gsuite_accounts"
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_gsuite_cost_groups();
--> statement-breakpoint
CREATE TRIGGER gsuite_accounts_cost_groups_delete AFTER DELETE ON "gsuite_accounts"
  REFERENCING OLD TABLE AS old_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_gsuite_cost_groups_delete();
