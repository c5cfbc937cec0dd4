CREATE TYPE "public"."requisition_status" AS ENUM('draft', 'submitted', 'approved', 'rejected', 'returned', 'ordered', 'cancelled');--> statement-breakpoint
CREATE TABLE "requisition_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requisition_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"requisition_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"quantity_thousandths" bigint NOT NULL,
	"unit" text NOT NULL,
	"unit_price_minor" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"needed_by" date
);
--> statement-breakpoint
CREATE TABLE "requisitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "requisitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"number" text NOT NULL,
	"title" text NOT NULL,
	"justification" text DEFAULT '' NOT NULL,
	"status" "requisition_status" DEFAULT 'draft' NOT NULL,
	"requester_user_id" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"total_minor" bigint NOT NULL,
	"submitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requisition_lines" ADD CONSTRAINT "requisition_lines_requisition_id_requisitions_id_fk" FOREIGN KEY ("requisition_id") REFERENCES "public"."requisitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lines" ADD CONSTRAINT "requisition_lines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisition_lines" ADD CONSTRAINT "requisition_lines_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requisitions" ADD CONSTRAINT "requisitions_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "requisition_lines_order_idx" ON "requisition_lines" USING btree ("requisition_id","line_no");--> statement-breakpoint
CREATE INDEX "requisition_lines_department_idx" ON "requisition_lines" USING btree ("department_id","category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "requisitions_organisation_number_idx" ON "requisitions" USING btree ("organisation_id","number");--> statement-breakpoint
CREATE INDEX "requisitions_organisation_status_idx" ON "requisitions" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "requisitions_requester_idx" ON "requisitions" USING btree ("requester_user_id","created_at");