CREATE TYPE "public"."continuity_test_result" AS ENUM('passed', 'partial', 'failed');--> statement-breakpoint
CREATE TYPE "public"."outsourcing_substitutability" AS ENUM('easy', 'moderate', 'difficult');--> statement-breakpoint
CREATE TYPE "public"."risk_category" AS ENUM('strategic', 'operational', 'financial', 'compliance', 'supply_chain', 'information_security', 'reputational', 'outsourcing');--> statement-breakpoint
CREATE TYPE "public"."risk_questionnaire_kind" AS ENUM('financial', 'due_diligence');--> statement-breakpoint
CREATE TYPE "public"."risk_questionnaire_status" AS ENUM('sent', 'answered');--> statement-breakpoint
CREATE TYPE "public"."risk_source" AS ENUM('manual', 'threshold');--> statement-breakpoint
CREATE TYPE "public"."risk_status" AS ENUM('open', 'acceptance_pending', 'accepted', 'closed');--> statement-breakpoint
CREATE TYPE "public"."risk_threshold_kind" AS ENUM('financial_health', 'spend_concentration', 'exposure');--> statement-breakpoint
CREATE TYPE "public"."risk_treatment_status" AS ENUM('planned', 'in_progress', 'done');--> statement-breakpoint
CREATE TYPE "public"."service_supplier_role" AS ENUM('primary', 'alternate');--> statement-breakpoint
CREATE TABLE "continuity_plans" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "continuity_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"supplier_id" integer,
	"alternates" text DEFAULT '' NOT NULL,
	"stock" text DEFAULT '' NOT NULL,
	"exit_plan" text DEFAULT '' NOT NULL,
	"last_tested_on" date,
	"test_result" "continuity_test_result",
	"test_notes" text DEFAULT '' NOT NULL,
	"next_test_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "critical_service_suppliers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "critical_service_suppliers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"service_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"role" "service_supplier_role" DEFAULT 'primary' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "critical_services" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "critical_services_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"owner_user_id" integer,
	"mtd_hours" integer NOT NULL,
	"rto_hours" integer NOT NULL,
	"rpo_hours" integer NOT NULL,
	"impact_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outsourcing_arrangements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outsourcing_arrangements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"service" text NOT NULL,
	"supplier_id" integer NOT NULL,
	"contract_id" integer,
	"critical_function" boolean NOT NULL,
	"customer_data" boolean NOT NULL,
	"data_offshore" boolean NOT NULL,
	"disruption_impact" integer NOT NULL,
	"substitutability" "outsourcing_substitutability" NOT NULL,
	"above_value_threshold" boolean NOT NULL,
	"material" boolean NOT NULL,
	"materiality_score" integer NOT NULL,
	"data_location" text NOT NULL,
	"subcontractors" text DEFAULT '' NOT NULL,
	"exit_strategy" text DEFAULT '' NOT NULL,
	"annual_value_minor" bigint DEFAULT 0 NOT NULL,
	"currency" char(3) DEFAULT 'KES' NOT NULL,
	"owner_user_id" integer,
	"started_on" date,
	"last_reviewed_on" date,
	"next_review_on" date NOT NULL,
	"reminded_for_review_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_questionnaires" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_questionnaires_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" "risk_questionnaire_kind" NOT NULL,
	"arrangement_id" integer,
	"status" "risk_questionnaire_status" DEFAULT 'sent' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"due_on" date,
	"sent_by_user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answers" jsonb,
	"score" integer,
	"result" jsonb,
	"answered_by_user_id" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "risk_score_changes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_score_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"risk_id" integer NOT NULL,
	"rating" text NOT NULL,
	"likelihood" integer NOT NULL,
	"impact" integer NOT NULL,
	"score" integer NOT NULL,
	"previous_score" integer,
	"changed_by_user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_settings" (
	"organisation_id" integer PRIMARY KEY NOT NULL,
	"matrix" jsonb NOT NULL,
	"thresholds" jsonb NOT NULL,
	"currency" char(3) DEFAULT 'KES' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risk_treatments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risk_treatments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"risk_id" integer NOT NULL,
	"action" text NOT NULL,
	"owner_user_id" integer,
	"due_on" date NOT NULL,
	"status" "risk_treatment_status" DEFAULT 'planned' NOT NULL,
	"completed_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "risks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "risks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"category" "risk_category" NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"effect" text DEFAULT '' NOT NULL,
	"owner_user_id" integer,
	"supplier_id" integer,
	"contract_id" integer,
	"category_id" integer,
	"inherent_likelihood" integer NOT NULL,
	"inherent_impact" integer NOT NULL,
	"inherent_score" integer NOT NULL,
	"residual_likelihood" integer,
	"residual_impact" integer,
	"residual_score" integer,
	"status" "risk_status" DEFAULT 'open' NOT NULL,
	"source" "risk_source" DEFAULT 'manual' NOT NULL,
	"threshold_kind" "risk_threshold_kind",
	"acceptance_reason" text,
	"acceptance_requested_by_user_id" integer,
	"acceptance_requested_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "continuity_plans" ADD CONSTRAINT "continuity_plans_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "continuity_plans" ADD CONSTRAINT "continuity_plans_service_id_critical_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."critical_services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "continuity_plans" ADD CONSTRAINT "continuity_plans_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_service_suppliers" ADD CONSTRAINT "critical_service_suppliers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_service_suppliers" ADD CONSTRAINT "critical_service_suppliers_service_id_critical_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."critical_services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_service_suppliers" ADD CONSTRAINT "critical_service_suppliers_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_services" ADD CONSTRAINT "critical_services_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "critical_services" ADD CONSTRAINT "critical_services_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsourcing_arrangements" ADD CONSTRAINT "outsourcing_arrangements_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsourcing_arrangements" ADD CONSTRAINT "outsourcing_arrangements_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outsourcing_arrangements" ADD CONSTRAINT "outsourcing_arrangements_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_questionnaires" ADD CONSTRAINT "risk_questionnaires_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_questionnaires" ADD CONSTRAINT "risk_questionnaires_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_questionnaires" ADD CONSTRAINT "risk_questionnaires_arrangement_id_outsourcing_arrangements_id_fk" FOREIGN KEY ("arrangement_id") REFERENCES "public"."outsourcing_arrangements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_questionnaires" ADD CONSTRAINT "risk_questionnaires_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_questionnaires" ADD CONSTRAINT "risk_questionnaires_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score_changes" ADD CONSTRAINT "risk_score_changes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score_changes" ADD CONSTRAINT "risk_score_changes_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_score_changes" ADD CONSTRAINT "risk_score_changes_changed_by_user_id_users_id_fk" FOREIGN KEY ("changed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_settings" ADD CONSTRAINT "risk_settings_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_treatments" ADD CONSTRAINT "risk_treatments_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_acceptance_requested_by_user_id_users_id_fk" FOREIGN KEY ("acceptance_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risks" ADD CONSTRAINT "risks_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "continuity_plans_organisation_idx" ON "continuity_plans" USING btree ("organisation_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "critical_service_suppliers_unique_idx" ON "critical_service_suppliers" USING btree ("service_id","supplier_id");--> statement-breakpoint
CREATE INDEX "critical_services_organisation_idx" ON "critical_services" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "outsourcing_arrangements_organisation_idx" ON "outsourcing_arrangements" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "outsourcing_arrangements_review_idx" ON "outsourcing_arrangements" USING btree ("next_review_on");--> statement-breakpoint
CREATE INDEX "risk_questionnaires_organisation_idx" ON "risk_questionnaires" USING btree ("organisation_id","supplier_id","kind","id");--> statement-breakpoint
CREATE INDEX "risk_questionnaires_supplier_idx" ON "risk_questionnaires" USING btree ("supplier_id","organisation_id");--> statement-breakpoint
CREATE INDEX "risk_score_changes_risk_idx" ON "risk_score_changes" USING btree ("risk_id","id");--> statement-breakpoint
CREATE INDEX "risk_treatments_risk_idx" ON "risk_treatments" USING btree ("risk_id");--> statement-breakpoint
CREATE INDEX "risk_treatments_organisation_due_idx" ON "risk_treatments" USING btree ("organisation_id","status","due_on");--> statement-breakpoint
CREATE INDEX "risks_organisation_status_idx" ON "risks" USING btree ("organisation_id","status","id");--> statement-breakpoint
CREATE INDEX "risks_organisation_supplier_idx" ON "risks" USING btree ("organisation_id","supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "risks_threshold_open_idx" ON "risks" USING btree ("organisation_id","supplier_id","threshold_kind") WHERE "risks"."source" = 'threshold' AND "risks"."status" <> 'closed';