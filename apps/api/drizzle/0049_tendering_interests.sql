CREATE TABLE "tendering_interests" (
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tendering_interests_tender_id_supplier_id_pk" PRIMARY KEY("tender_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "tendering_interests" ADD CONSTRAINT "tendering_interests_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_interests" ADD CONSTRAINT "tendering_interests_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;