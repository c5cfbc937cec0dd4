CREATE TYPE "public"."supplier_registration_status" AS ENUM('pending_activation', 'under_review', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "supplier_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "supplier_registration_status" DEFAULT 'pending_activation' NOT NULL,
	"company_name" text NOT NULL,
	"tax_pin" text NOT NULL,
	"pin_check" text NOT NULL,
	"pin_name" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country_id" integer NOT NULL,
	"city" text NOT NULL,
	"user_id" integer NOT NULL,
	"category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"terms_version" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_ip" text,
	"language" text DEFAULT 'en' NOT NULL,
	"reason" text,
	"supplier_id" integer,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_registrations" ADD CONSTRAINT "supplier_registrations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_registrations_pin_unique" ON "supplier_registrations" USING btree ("tax_pin") WHERE status <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_registrations_user_unique" ON "supplier_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "supplier_registrations_status_idx" ON "supplier_registrations" USING btree ("status","id");