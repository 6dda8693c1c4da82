CREATE TABLE "installation" (
	"id" integer PRIMARY KEY NOT NULL,
	"installation_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
