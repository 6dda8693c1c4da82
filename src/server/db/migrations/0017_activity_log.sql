CREATE TABLE "activity_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"via" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"action" text NOT NULL,
	"area" text NOT NULL,
	"item_id" integer,
	"item_label" text,
	"changes" jsonb,
	"detail" jsonb
);
--> statement-breakpoint
CREATE INDEX "activity_log_occurred_at_idx" ON "activity_log" USING btree ("occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_user_idx" ON "activity_log" USING btree ("user_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_area_idx" ON "activity_log" USING btree ("area","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_action_idx" ON "activity_log" USING btree ("action","occurred_at","id");--> statement-breakpoint
CREATE INDEX "activity_log_item_idx" ON "activity_log" USING btree ("area","item_id","occurred_at","id");--> statement-breakpoint
-- The log is append-only (decision 0021): no UPDATE, no TRUNCATE, and DELETE only from the
-- retention job, which says so with a transaction-local setting (server/activity/retention.ts).
-- This guards against the application's own mistakes; whoever holds the database owner's
-- password can still drop the trigger, which is what an auditor's external copy is for.
CREATE OR REPLACE FUNCTION qm_activity_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('quartermaster.activity_retention', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'activity_log is append-only (% refused)', TG_OP;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only BEFORE UPDATE OR DELETE ON "activity_log"
  FOR EACH ROW EXECUTE FUNCTION qm_activity_log_append_only();
--> statement-breakpoint
CREATE TRIGGER activity_log_no_truncate BEFORE TRUNCATE ON "activity_log"
  FOR EACH STATEMENT EXECUTE FUNCTION qm_activity_log_append_only();
