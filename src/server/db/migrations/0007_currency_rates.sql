CREATE TABLE "currency_rates" (
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"rate" numeric(14, 6) NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	"set_by_user_id" integer,
	CONSTRAINT "currency_rates_from_currency_to_currency_pk" PRIMARY KEY("from_currency","to_currency")
);
--> statement-breakpoint
ALTER TABLE "currency_rates" ADD CONSTRAINT "currency_rates_set_by_user_id_users_id_fk" FOREIGN KEY ("set_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;