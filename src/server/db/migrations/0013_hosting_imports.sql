CREATE TABLE "hosting_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"message" text,
	"user_id" integer
);
--> statement-breakpoint
ALTER TABLE "hosting_imports" ADD CONSTRAINT "hosting_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hosting_imports_started_at_idx" ON "hosting_imports" USING btree ("started_at");