CREATE TABLE "directory_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"directory_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"currency" text NOT NULL,
	"recorded_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_price_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"directory_id" integer NOT NULL,
	"previous_amount" numeric(12, 2),
	"previous_currency" text NOT NULL,
	"new_amount" numeric(12, 2),
	"new_currency" text NOT NULL,
	"changed_by_user_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "directories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trust_reviews" ADD COLUMN "domain" text;--> statement-breakpoint
ALTER TABLE "directory_payments" ADD CONSTRAINT "directory_payments_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_payments" ADD CONSTRAINT "directory_payments_recorded_by_user_id_users_id_fk" FOREIGN KEY ("recorded_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_price_changes" ADD CONSTRAINT "directory_price_changes_directory_id_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."directories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_price_changes" ADD CONSTRAINT "directory_price_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_payments_directory_id_idx" ON "directory_payments" USING btree ("directory_id","paid_on");--> statement-breakpoint
CREATE INDEX "directory_price_changes_directory_id_idx" ON "directory_price_changes" USING btree ("directory_id","changed_at");--> statement-breakpoint
CREATE INDEX "directories_payment_amount_idx" ON "directories" USING btree ("payment_amount");--> statement-breakpoint
CREATE INDEX "directories_name_trgm_idx" ON "directories" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "directories_url_trgm_idx" ON "directories" USING gin ("url" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "trust_reviews_created_at_idx" ON "trust_reviews" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "trust_reviews_client_name_trgm_idx" ON "trust_reviews" USING gin ("client_name" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "trust_reviews_domain_trgm_idx" ON "trust_reviews" USING gin ("domain" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "trust_reviews_notes_trgm_idx" ON "trust_reviews" USING gin ("notes" gin_trgm_ops) WITH (fastupdate=false);