CREATE TABLE "document_counters" (
	"organisation_id" integer NOT NULL,
	"document_type" text NOT NULL,
	"year" integer NOT NULL,
	"last_value" integer NOT NULL,
	CONSTRAINT "document_counters_organisation_id_document_type_year_pk" PRIMARY KEY("organisation_id","document_type","year")
);
--> statement-breakpoint
ALTER TABLE "document_counters" ADD CONSTRAINT "document_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;