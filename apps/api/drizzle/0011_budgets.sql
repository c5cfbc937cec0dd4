CREATE TYPE "public"."budget_control" AS ENUM('stop', 'warn', 'ignore');--> statement-breakpoint
CREATE TYPE "public"."budget_period" AS ENUM('annual', 'monthly');--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'budget_exception_approver' BEFORE 'finance';--> statement-breakpoint
CREATE TABLE "budgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"fiscal_year_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" bigint NOT NULL,
	"period" "budget_period" NOT NULL,
	"control_requisition" "budget_control" NOT NULL,
	"control_purchase_order" "budget_control" NOT NULL,
	"control_invoice" "budget_control" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_fiscal_year_id_fiscal_years_id_fk" FOREIGN KEY ("fiscal_year_id") REFERENCES "public"."fiscal_years"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budgets_scope_idx" ON "budgets" USING btree ("organisation_id","fiscal_year_id","department_id",coalesce("category_id", 0));--> statement-breakpoint
CREATE INDEX "budgets_organisation_department_idx" ON "budgets" USING btree ("organisation_id","department_id");