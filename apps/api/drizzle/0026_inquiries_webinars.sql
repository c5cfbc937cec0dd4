CREATE TYPE "public"."inquiry_status" AS ENUM('new', 'answered', 'spam');--> statement-breakpoint
CREATE TYPE "public"."webinar_module" AS ENUM('Supplier Sourcing', 'Contract Management', 'Procure to Pay', 'Risk Management');--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inquiries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"contact_name" text NOT NULL,
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"phone_number" text NOT NULL,
	"message" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" "inquiry_status" DEFAULT 'new' NOT NULL,
	"answer" text,
	"answered_at" timestamp with time zone,
	"answered_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinar_registrations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webinar_registrations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"webinar_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organization" text,
	"language" text DEFAULT 'en' NOT NULL,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webinars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webinars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"organizer" text NOT NULL,
	"module" "webinar_module" NOT NULL,
	"organizer_website" text,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer DEFAULT 60 NOT NULL,
	"pdf_link" text,
	"link" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinar_registrations" ADD CONSTRAINT "webinar_registrations_webinar_id_webinars_id_fk" FOREIGN KEY ("webinar_id") REFERENCES "public"."webinars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_status_idx" ON "inquiries" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_registrations_email_uq" ON "webinar_registrations" USING btree ("webinar_id","email");--> statement-breakpoint
CREATE INDEX "webinar_registrations_reminder_idx" ON "webinar_registrations" USING btree ("webinar_id") WHERE "webinar_registrations"."reminded_at" is null;--> statement-breakpoint
CREATE INDEX "webinars_module_starts_idx" ON "webinars" USING btree ("module","starts_at");