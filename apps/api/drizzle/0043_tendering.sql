CREATE TYPE "public"."procurement_category" AS ENUM('goods', 'works', 'services');--> statement-breakpoint
CREATE TYPE "public"."procurement_method" AS ENUM('open_tender', 'restricted_tender', 'direct_procurement', 'request_for_proposals', 'request_for_quotations', 'low_value_procurement', 'specially_permitted', 'framework_agreement', 'electronic_reverse_auction');--> statement-breakpoint
CREATE TYPE "public"."tendering_status" AS ENUM('draft', 'published', 'technical_opened', 'technical_evaluated', 'financial_opened', 'award_pending', 'awarded', 'cancelled');--> statement-breakpoint
CREATE TABLE "tendering_addenda" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tendering_addenda_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tender_id" integer NOT NULL,
	"note" text NOT NULL,
	"closing_before" timestamp with time zone NOT NULL,
	"closing_after" timestamp with time zone NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tendering_bids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tendering_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tender_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"technical_envelope" text NOT NULL,
	"financial_envelope" text NOT NULL,
	"technical_sha256" char(64) NOT NULL,
	"financial_sha256" char(64) NOT NULL,
	"receipt_code" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"security_kind" text,
	"security_issuer" text,
	"security_reference" text,
	"security_amount_minor" bigint,
	"agpo_certificate" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"technical" jsonb,
	"price_minor" bigint,
	"preliminary_pass" boolean,
	"technical_score" numeric(5, 2),
	"technical_pass" boolean,
	"financial_rank" integer,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "tendering_clarifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tendering_clarifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tender_id" integer NOT NULL,
	"supplier_id" integer,
	"question" text NOT NULL,
	"answer" text,
	"asked_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tendering_committee_members" (
	"tender_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"technical_share" text,
	"financial_share" text,
	"technical_held" text,
	"financial_held" text,
	"technical_confirmed_at" timestamp with time zone,
	"financial_confirmed_at" timestamp with time zone,
	"evaluation_submitted_at" timestamp with time zone,
	CONSTRAINT "tendering_committee_members_tender_id_user_id_pk" PRIMARY KEY("tender_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tendering_evaluations" (
	"tender_id" integer NOT NULL,
	"bid_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"preliminary_pass" boolean NOT NULL,
	"technical_score" numeric(5, 2) NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tendering_evaluations_bid_id_user_id_pk" PRIMARY KEY("bid_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tendering_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tendering_tenders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tendering_tenders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"method" "procurement_method" NOT NULL,
	"category" "procurement_category" NOT NULL,
	"category_id" integer,
	"currency" char(3) NOT NULL,
	"estimate_minor" bigint NOT NULL,
	"justification" text,
	"bid_security_minor" bigint DEFAULT 0 NOT NULL,
	"pass_mark" numeric(5, 2) NOT NULL,
	"quorum" integer NOT NULL,
	"agpo_reserved" boolean DEFAULT false NOT NULL,
	"status" "tendering_status" DEFAULT 'draft' NOT NULL,
	"closing_at" timestamp with time zone NOT NULL,
	"published_at" timestamp with time zone,
	"technical_public_key" text,
	"financial_public_key" text,
	"technical_opened_at" timestamp with time zone,
	"evaluated_at" timestamp with time zone,
	"financial_opened_at" timestamp with time zone,
	"evaluation_report" text,
	"professional_opinion" text,
	"professional_opinion_by_user_id" integer,
	"award_bid_id" integer,
	"award_requested_by_user_id" integer,
	"awarded_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"standstill_until" timestamp with time zone,
	"contract_id" integer,
	"sourcing_event_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tendering_addenda" ADD CONSTRAINT "tendering_addenda_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_addenda" ADD CONSTRAINT "tendering_addenda_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_bids" ADD CONSTRAINT "tendering_bids_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_bids" ADD CONSTRAINT "tendering_bids_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_clarifications" ADD CONSTRAINT "tendering_clarifications_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_clarifications" ADD CONSTRAINT "tendering_clarifications_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_committee_members" ADD CONSTRAINT "tendering_committee_members_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_committee_members" ADD CONSTRAINT "tendering_committee_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_evaluations" ADD CONSTRAINT "tendering_evaluations_tender_id_tendering_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tendering_tenders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_evaluations" ADD CONSTRAINT "tendering_evaluations_bid_id_tendering_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."tendering_bids"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_evaluations" ADD CONSTRAINT "tendering_evaluations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_settings" ADD CONSTRAINT "tendering_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD CONSTRAINT "tendering_tenders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD CONSTRAINT "tendering_tenders_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD CONSTRAINT "tendering_tenders_professional_opinion_by_user_id_users_id_fk" FOREIGN KEY ("professional_opinion_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD CONSTRAINT "tendering_tenders_award_requested_by_user_id_users_id_fk" FOREIGN KEY ("award_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tendering_tenders" ADD CONSTRAINT "tendering_tenders_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tendering_bids_tender_supplier_idx" ON "tendering_bids" USING btree ("tender_id","supplier_id");--> statement-breakpoint
CREATE INDEX "tendering_bids_supplier_idx" ON "tendering_bids" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tendering_bids_receipt_idx" ON "tendering_bids" USING btree ("receipt_code");--> statement-breakpoint
CREATE INDEX "tendering_clarifications_tender_idx" ON "tendering_clarifications" USING btree ("tender_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tendering_tenders_number_idx" ON "tendering_tenders" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "tendering_tenders_status_idx" ON "tendering_tenders" USING btree ("organisation_id","status");