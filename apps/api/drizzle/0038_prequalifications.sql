CREATE TYPE "public"."prequalification_response_status" AS ENUM('draft', 'submitted', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."prequalification_result_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."prequalification_status" AS ENUM('draft', 'published', 'results', 'completed');--> statement-breakpoint
CREATE TABLE "prequalification_categories" (
	"prequalification_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "prequalification_categories_prequalification_id_category_id_pk" PRIMARY KEY("prequalification_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "prequalification_document_alerts" (
	"document_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"threshold_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prequalification_document_alerts_document_id_threshold_days_pk" PRIMARY KEY("document_id","threshold_days")
);
--> statement-breakpoint
CREATE TABLE "prequalification_documents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prequalification_documents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"response_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"question_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"expires_on" date,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prequalification_evaluators" (
	"prequalification_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "prequalification_evaluators_prequalification_id_user_id_pk" PRIMARY KEY("prequalification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "prequalification_invitations" (
	"prequalification_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prequalification_invitations_prequalification_id_supplier_id_pk" PRIMARY KEY("prequalification_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "prequalification_responses" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prequalification_responses_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prequalification_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" "prequalification_response_status" DEFAULT 'draft' NOT NULL,
	"category_ids" integer[] NOT NULL,
	"answers" jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by_user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prequalification_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prequalification_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prequalification_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"response_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"score_hundredths" integer NOT NULL,
	"recommended" boolean NOT NULL,
	"reasons" jsonb NOT NULL,
	"status" "prequalification_result_status" DEFAULT 'pending' NOT NULL,
	"comment" text,
	"valid_until" date,
	"proposed_by_user_id" integer NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "prequalification_scores" (
	"response_id" integer NOT NULL,
	"organisation_id" integer NOT NULL,
	"evaluator_user_id" integer NOT NULL,
	"scores" jsonb NOT NULL,
	"comments" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prequalification_scores_response_id_evaluator_user_id_pk" PRIMARY KEY("response_id","evaluator_user_id")
);
--> statement-breakpoint
CREATE TABLE "prequalifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prequalifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" "prequalification_status" DEFAULT 'draft' NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"pass_mark" integer NOT NULL,
	"valid_until" date NOT NULL,
	"sections" jsonb NOT NULL,
	"sourcing_event_id" integer,
	"created_by_user_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prequalification_categories" ADD CONSTRAINT "prequalification_categories_prequalification_id_prequalifications_id_fk" FOREIGN KEY ("prequalification_id") REFERENCES "public"."prequalifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_categories" ADD CONSTRAINT "prequalification_categories_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_categories" ADD CONSTRAINT "prequalification_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_document_alerts" ADD CONSTRAINT "prequalification_document_alerts_document_id_prequalification_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."prequalification_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_document_alerts" ADD CONSTRAINT "prequalification_document_alerts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_documents" ADD CONSTRAINT "prequalification_documents_response_id_prequalification_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."prequalification_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_documents" ADD CONSTRAINT "prequalification_documents_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_documents" ADD CONSTRAINT "prequalification_documents_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_evaluators" ADD CONSTRAINT "prequalification_evaluators_prequalification_id_prequalifications_id_fk" FOREIGN KEY ("prequalification_id") REFERENCES "public"."prequalifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_evaluators" ADD CONSTRAINT "prequalification_evaluators_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_evaluators" ADD CONSTRAINT "prequalification_evaluators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_invitations" ADD CONSTRAINT "prequalification_invitations_prequalification_id_prequalifications_id_fk" FOREIGN KEY ("prequalification_id") REFERENCES "public"."prequalifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_invitations" ADD CONSTRAINT "prequalification_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_invitations" ADD CONSTRAINT "prequalification_invitations_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_responses" ADD CONSTRAINT "prequalification_responses_prequalification_id_prequalifications_id_fk" FOREIGN KEY ("prequalification_id") REFERENCES "public"."prequalifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_responses" ADD CONSTRAINT "prequalification_responses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_responses" ADD CONSTRAINT "prequalification_responses_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_responses" ADD CONSTRAINT "prequalification_responses_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_prequalification_id_prequalifications_id_fk" FOREIGN KEY ("prequalification_id") REFERENCES "public"."prequalifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_response_id_prequalification_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."prequalification_responses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_results" ADD CONSTRAINT "prequalification_results_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_scores" ADD CONSTRAINT "prequalification_scores_response_id_prequalification_responses_id_fk" FOREIGN KEY ("response_id") REFERENCES "public"."prequalification_responses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_scores" ADD CONSTRAINT "prequalification_scores_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalification_scores" ADD CONSTRAINT "prequalification_scores_evaluator_user_id_users_id_fk" FOREIGN KEY ("evaluator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalifications" ADD CONSTRAINT "prequalifications_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalifications" ADD CONSTRAINT "prequalifications_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prequalification_documents_expiry_idx" ON "prequalification_documents" USING btree ("expires_on");--> statement-breakpoint
CREATE INDEX "prequalification_invitations_supplier_idx" ON "prequalification_invitations" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prequalification_responses_supplier_idx" ON "prequalification_responses" USING btree ("prequalification_id","supplier_id");--> statement-breakpoint
CREATE INDEX "prequalification_responses_organisation_idx" ON "prequalification_responses" USING btree ("organisation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "prequalification_results_unique_idx" ON "prequalification_results" USING btree ("prequalification_id","supplier_id","category_id");--> statement-breakpoint
CREATE INDEX "prequalification_results_list_idx" ON "prequalification_results" USING btree ("organisation_id","category_id","status");--> statement-breakpoint
CREATE INDEX "prequalification_results_supplier_idx" ON "prequalification_results" USING btree ("organisation_id","supplier_id");--> statement-breakpoint
CREATE INDEX "prequalifications_organisation_idx" ON "prequalifications" USING btree ("organisation_id","id");