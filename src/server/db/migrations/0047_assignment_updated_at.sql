ALTER TABLE "account_assignments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Seats and account assignments are changed by several services (assign, deactivate, a user's
-- offboarding, a deleted user's SET NULL): a trigger moves updated_at on every update, whichever
-- path makes it, so an import's undo can tell a row changed since the import (decision 0045).
CREATE OR REPLACE FUNCTION qm_touch_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER license_assignments_touch BEFORE UPDATE ON "license_assignments"
  FOR EACH ROW EXECUTE FUNCTION qm_touch_updated_at();
--> statement-breakpoint
CREATE TRIGGER account_assignments_touch BEFORE UPDATE ON "account_assignments"
  FOR EACH ROW EXECUTE FUNCTION qm_touch_updated_at();
