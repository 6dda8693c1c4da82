DROP INDEX "account_assignments_assigned_date_idx";--> statement-breakpoint
DROP INDEX "accounts_renewal_date_order_idx";--> statement-breakpoint
DROP INDEX "accounts_renewal_date_desc_order_idx";--> statement-breakpoint
DROP INDEX "gsuite_accounts_organization_order_idx";--> statement-breakpoint
ALTER TABLE "gsuite_organizations" ADD COLUMN "account_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gsuite_plans" ADD COLUMN "account_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "account_assignments_assigned_date_desc_idx" ON "account_assignments" USING btree (("assigned_date" is not null),"assigned_date","id");--> statement-breakpoint
CREATE INDEX "accounts_renewal_date_idx" ON "accounts" USING btree ("renewal_date");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_organization_desc_order_idx" ON "gsuite_accounts" USING btree (("organization" is not null),"organization",lower("email"),"id","email");--> statement-breakpoint
CREATE INDEX "account_assignments_assigned_date_idx" ON "account_assignments" USING btree (("assigned_date" is null),"assigned_date","id");--> statement-breakpoint
CREATE INDEX "accounts_renewal_date_order_idx" ON "accounts" USING btree (("renewal_date" is null),"renewal_date",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "accounts_renewal_date_desc_order_idx" ON "accounts" USING btree (("renewal_date" is not null),"renewal_date",lower("email"),"id");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_organization_order_idx" ON "gsuite_accounts" USING btree (("organization" is null),"organization",lower("email"),"id","email");--> statement-breakpoint
-- No account written between the counting and the triggers (another instance of the old version
-- still serving): the migration's transaction holds this until the triggers exist.
LOCK TABLE "gsuite_accounts" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
UPDATE "gsuite_organizations" o SET "account_count" =
  (SELECT count(*) FROM "gsuite_accounts" a WHERE a."organization_id" = o."id");
--> statement-breakpoint
UPDATE "gsuite_plans" p SET "account_count" =
  (SELECT count(*) FROM "gsuite_accounts" a WHERE a."plan_id" = p."id");
--> statement-breakpoint
-- The counts follow every statement on gsuite_accounts: one UPDATE per organization and plan
-- whose count the statement changed, by the sum over its rows (a bulk import of 10,000 accounts
-- adds to each count once, and an edit that moves nothing writes nothing). Statement triggers
-- with transition tables take one event each, and a branch names only its event's tables.
CREATE OR REPLACE FUNCTION qm_gsuite_account_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "gsuite_organizations" t SET "account_count" = t."account_count" + c.n
      FROM (SELECT organization_id AS id, sum(n)::integer AS n FROM (SELECT organization_id, plan_id, 1 AS n FROM new_accounts) AS rows
        WHERE organization_id IS NOT NULL GROUP BY organization_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
    UPDATE "gsuite_plans" t SET "account_count" = t."account_count" + c.n
      FROM (SELECT plan_id AS id, sum(n)::integer AS n FROM (SELECT organization_id, plan_id, 1 AS n FROM new_accounts) AS rows
        WHERE plan_id IS NOT NULL GROUP BY plan_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "gsuite_organizations" t SET "account_count" = t."account_count" + c.n
      FROM (SELECT organization_id AS id, sum(n)::integer AS n FROM (SELECT organization_id, plan_id, -1 AS n FROM old_accounts) AS rows
        WHERE organization_id IS NOT NULL GROUP BY organization_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
    UPDATE "gsuite_plans" t SET "account_count" = t."account_count" + c.n
      FROM (SELECT plan_id AS id, sum(n)::integer AS n FROM (SELECT organization_id, plan_id, -1 AS n FROM old_accounts) AS rows
        WHERE plan_id IS NOT NULL GROUP BY plan_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
  ELSE
    UPDATE "gsuite_organizations" t SET "account_count" = t."account_count" + c.n
      FROM (SELECT organization_id AS id, sum(n)::integer AS n FROM (SELECT organization_id, plan_id, 1 AS n FROM new_accounts UNION ALL SELECT organization_id, plan_id, -1 AS n FROM old_accounts) AS rows
        WHERE organization_id IS NOT NULL GROUP BY organization_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
    UPDATE "gsuite_plans" t SET "account_count" = t."account_count" + c.n
      FROM (SELECT plan_id AS id, sum(n)::integer AS n FROM (SELECT organization_id, plan_id, 1 AS n FROM new_accounts UNION ALL SELECT organization_id, plan_id, -1 AS n FROM old_accounts) AS rows
        WHERE plan_id IS NOT NULL GROUP BY plan_id) AS c
      WHERE t."id" = c.id AND c.n <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER gsuite_accounts_count_insert AFTER INSERT ON "gsuite_accounts"
  REFERENCING NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_gsuite_account_counts();
--> statement-breakpoint
CREATE TRIGGER gsuite_accounts_count_update AFTER UPDATE ON "gsuite_accounts"
  REFERENCING OLD TABLE AS old_accounts NEW TABLE AS new_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_gsuite_account_counts();
--> statement-breakpoint
CREATE TRIGGER gsuite_accounts_count_delete AFTER DELETE ON "gsuite_accounts"
  REFERENCING OLD TABLE AS old_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION qm_gsuite_account_counts();
