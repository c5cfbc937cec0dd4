CREATE TABLE "organisation_approval_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"sod_one_step_per_person" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_approval_settings" ADD CONSTRAINT "organisation_approval_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;