ALTER TABLE "csv_imports" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "created_ids" integer[];--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "undone_by" integer;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD COLUMN "undone_rows" integer;--> statement-breakpoint
ALTER TABLE "csv_imports" ADD CONSTRAINT "csv_imports_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "csv_imports_started_at_id_idx" ON "csv_imports" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "csv_imports_area_started_at_id_idx" ON "csv_imports" USING btree ("area","started_at","id");