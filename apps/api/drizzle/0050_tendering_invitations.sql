CREATE TABLE "tendering_invitations" (
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	CONSTRAINT "tendering_invitations_tender_id_supplier_id_pk" PRIMARY KEY("tender_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "tendering_invitations" ADD CONSTRAINT "tendering_invitations_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_invitations" ADD CONSTRAINT "tendering_invitations_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;