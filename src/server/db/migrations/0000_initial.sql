CREATE TABLE "account_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"device_name" text,
	"user_id" integer,
	"assigned_to" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"notes" text,
	"assigned_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_ciphertext" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"payment_method" text,
	"payment_details" text,
	"renewal_date" date,
	"payment_amount" numeric(12, 2),
	"payment_currency" text DEFAULT 'USD' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"location" text,
	"payment_frequency_months" integer DEFAULT 12 NOT NULL,
	"payment_amount" numeric(12, 2),
	"payment_currency" text DEFAULT 'USD' NOT NULL,
	"is_one_time" boolean DEFAULT false NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"last_payment_date" date,
	"next_payment_date" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "droplet_costs" (
	"invoice_month" text NOT NULL,
	"droplet_id" text NOT NULL,
	"amount_usd" numeric(12, 2) NOT NULL,
	"raw_data" jsonb,
	CONSTRAINT "droplet_costs_invoice_month_droplet_id_pk" PRIMARY KEY("invoice_month","droplet_id")
);
--> statement-breakpoint
CREATE TABLE "droplets" (
	"droplet_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"project" text,
	"is_temporary" boolean DEFAULT false NOT NULL,
	"first_seen" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gsuite_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_ciphertext" text,
	"organization" text,
	"organization_id" integer,
	"plan_type" text NOT NULL,
	"plan_id" integer,
	"price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"payment_currency" text DEFAULT 'AUD' NOT NULL,
	"payment_frequency" text DEFAULT 'monthly' NOT NULL,
	"assigned_to_user_id" integer,
	"notes" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gsuite_organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gsuite_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"base_price" numeric(12, 2) DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'AUD' NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"features" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hardware" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"identifier" text NOT NULL,
	"location" text,
	"status" text DEFAULT 'active' NOT NULL,
	"assigned_to_user_id" integer,
	"purchase_date" date,
	"warranty_expiry" date,
	"notes" text,
	"pc_name" text,
	"specs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hardware_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"type" text NOT NULL,
	"hardware_id" integer,
	"name" text,
	"hardware_type" text,
	"link" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_by_user_id" integer,
	"rejection_reason" text,
	"manager_approval" boolean DEFAULT false NOT NULL,
	"manager_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"user_id" integer,
	"assigned_to" text NOT NULL,
	"assigned_date" date NOT NULL,
	"notes" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"deactivated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "license_view_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"location" text,
	"session_id" text
);
--> statement-breakpoint
CREATE TABLE "licenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"license_type" text DEFAULT 'multi-user' NOT NULL,
	"license_key_ciphertext" text NOT NULL,
	"license_key_masked" text NOT NULL,
	"username" text,
	"order_id" text,
	"product" text DEFAULT 'SEO Spider' NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"total_seats" integer DEFAULT 5 NOT NULL,
	"purchase_date" date,
	"expiry_date" date,
	"payment_amount" numeric(12, 2),
	"payment_currency" text DEFAULT 'USD' NOT NULL,
	"payment_frequency" text DEFAULT 'annually' NOT NULL,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renewal_status" text DEFAULT 'manual' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renewals" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"previous_expiry_date" date,
	"new_expiry_date" date NOT NULL,
	"renewal_amount" numeric(12, 2) NOT NULL,
	"new_license_key_ciphertext" text,
	"notes" text,
	"renewed_by_user_id" integer,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "secret_reveal_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"user_id" integer,
	"viewed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"session_id" text
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "trust_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"license_id" integer NOT NULL,
	"client_name" text NOT NULL,
	"assigned_date" date NOT NULL,
	"payment_status" text DEFAULT 'not_paying' NOT NULL,
	"client_payment_amount" numeric(12, 2),
	"client_payment_currency" text DEFAULT 'AUD' NOT NULL,
	"payment_frequency" text DEFAULT 'monthly' NOT NULL,
	"last_payment_date" date,
	"next_payment_date" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"cancellation_request_date" date,
	"cancellation_reason" text,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"approved_by" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text,
	"full_name" text,
	"email" text,
	"department" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"google_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer,
	"purpose" text NOT NULL,
	"challenge" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webauthn_credentials" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"credential_id" text NOT NULL,
	"credential_public_key" text NOT NULL,
	"counter" integer DEFAULT 0 NOT NULL,
	"credential_device_type" text,
	"credential_backed_up" boolean DEFAULT false NOT NULL,
	"transports" jsonb,
	"credential_name" text DEFAULT 'My Device' NOT NULL,
	"last_used" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_assignments" ADD CONSTRAINT "account_assignments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_assignments" ADD CONSTRAINT "account_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD CONSTRAINT "gsuite_accounts_organization_id_gsuite_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."gsuite_organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD CONSTRAINT "gsuite_accounts_plan_id_gsuite_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."gsuite_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gsuite_accounts" ADD CONSTRAINT "gsuite_accounts_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware" ADD CONSTRAINT "hardware_assigned_to_user_id_users_id_fk" FOREIGN KEY ("assigned_to_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_hardware_id_hardware_id_fk" FOREIGN KEY ("hardware_id") REFERENCES "public"."hardware"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hardware_requests" ADD CONSTRAINT "hardware_requests_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_view_logs" ADD CONSTRAINT "license_view_logs_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_view_logs" ADD CONSTRAINT "license_view_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renewals" ADD CONSTRAINT "renewals_renewed_by_user_id_users_id_fk" FOREIGN KEY ("renewed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secret_reveal_logs" ADD CONSTRAINT "secret_reveal_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trust_reviews" ADD CONSTRAINT "trust_reviews_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_credentials" ADD CONSTRAINT "webauthn_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_assignments_account_id_idx" ON "account_assignments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "account_assignments_user_id_idx" ON "account_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_lower_idx" ON "accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "directories_name_lower_idx" ON "directories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "directories_next_payment_date_idx" ON "directories" USING btree ("next_payment_date");--> statement-breakpoint
CREATE UNIQUE INDEX "gsuite_accounts_email_lower_idx" ON "gsuite_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "gsuite_accounts_assigned_to_user_id_idx" ON "gsuite_accounts" USING btree ("assigned_to_user_id");--> statement-breakpoint
CREATE INDEX "gsuite_accounts_organization_id_idx" ON "gsuite_accounts" USING btree ("organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gsuite_organizations_domain_lower_idx" ON "gsuite_organizations" USING btree (lower("domain"));--> statement-breakpoint
CREATE INDEX "hardware_assigned_to_user_id_idx" ON "hardware" USING btree ("assigned_to_user_id");--> statement-breakpoint
CREATE INDEX "hardware_type_idx" ON "hardware" USING btree ("type");--> statement-breakpoint
CREATE INDEX "hardware_location_idx" ON "hardware" USING btree ("location");--> statement-breakpoint
CREATE INDEX "hardware_name_lower_idx" ON "hardware" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "hardware_requests_requested_by_idx" ON "hardware_requests" USING btree ("requested_by_user_id");--> statement-breakpoint
CREATE INDEX "hardware_requests_status_idx" ON "hardware_requests" USING btree ("status");--> statement-breakpoint
CREATE INDEX "license_assignments_license_active_idx" ON "license_assignments" USING btree ("license_id","is_active");--> statement-breakpoint
CREATE INDEX "license_assignments_user_id_idx" ON "license_assignments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "license_assignments_one_active_per_user_idx" ON "license_assignments" USING btree ("license_id","user_id") WHERE "license_assignments"."is_active" and "license_assignments"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "license_view_logs_license_id_idx" ON "license_view_logs" USING btree ("license_id","viewed_at");--> statement-breakpoint
CREATE INDEX "licenses_name_lower_idx" ON "licenses" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "licenses_expiry_date_idx" ON "licenses" USING btree ("expiry_date");--> statement-breakpoint
CREATE INDEX "licenses_created_at_idx" ON "licenses" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "renewals_license_id_idx" ON "renewals" USING btree ("license_id","renewed_at");--> statement-breakpoint
CREATE INDEX "secret_reveal_logs_entity_idx" ON "secret_reveal_logs" USING btree ("entity_type","entity_id","viewed_at");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "trust_reviews_license_id_idx" ON "trust_reviews" USING btree ("license_id");--> statement-breakpoint
CREATE INDEX "trust_reviews_client_name_lower_idx" ON "trust_reviews" USING btree (lower("client_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_idx" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_credentials_credential_id_idx" ON "webauthn_credentials" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "webauthn_credentials_user_id_idx" ON "webauthn_credentials" USING btree ("user_id");