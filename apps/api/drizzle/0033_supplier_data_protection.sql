CREATE TYPE "public"."supplier_erasure_status" AS ENUM('requested', 'carried_out');--> statement-breakpoint
CREATE TABLE "supplier_erasure_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_erasure_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" "supplier_erasure_status" DEFAULT 'requested' NOT NULL,
	"supplier_id" integer NOT NULL,
	"registration_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"reason" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"carried_out_at" timestamp with time zone,
	"carried_out_by" integer,
	"kept" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_erasure_requests" ADD CONSTRAINT "supplier_erasure_requests_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_erasure_requests" ADD CONSTRAINT "supplier_erasure_requests_registration_id_supplier_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."supplier_registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_erasure_requests" ADD CONSTRAINT "supplier_erasure_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_erasure_requests" ADD CONSTRAINT "supplier_erasure_requests_carried_out_by_users_id_fk" FOREIGN KEY ("carried_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_erasure_requests_open_idx" ON "supplier_erasure_requests" USING btree ("supplier_id") WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX "supplier_erasure_requests_status_idx" ON "supplier_erasure_requests" USING btree ("status","id");