CREATE TYPE "public"."payment_attempt_status" AS ENUM('initiated', 'pending', 'paid', 'failed', 'cancelled', 'flagged');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('mpesa', 'dpo');--> statement-breakpoint
CREATE TABLE "orders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"reference" text NOT NULL,
	"product" text NOT NULL,
	"subject_id" integer,
	"description" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"payment_state" "payment_state" DEFAULT 'pending' NOT NULL,
	"customer_email" text,
	"customer_name" text,
	"paid_at" timestamp with time zone,
	"fulfilled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_code_unique" UNIQUE("code"),
	CONSTRAINT "orders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"status" "payment_attempt_status" DEFAULT 'initiated' NOT NULL,
	"phone" text,
	"requested_amount" text NOT NULL,
	"merchant_request_id" text,
	"checkout_request_id" text,
	"trans_token" text,
	"trans_ref" text,
	"result_code" text,
	"result_desc" text,
	"receipt" text,
	"flagged_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	CONSTRAINT "payment_attempts_checkout_request_id_unique" UNIQUE("checkout_request_id"),
	CONSTRAINT "payment_attempts_trans_token_unique" UNIQUE("trans_token")
);
--> statement-breakpoint
CREATE TABLE "payment_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" "payment_provider" NOT NULL,
	"kind" text NOT NULL,
	"attempt_id" integer,
	"body" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_messages" ADD CONSTRAINT "payment_messages_attempt_id_payment_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."payment_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_attempts_order_idx" ON "payment_attempts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_attempts_unresolved_idx" ON "payment_attempts" USING btree ("next_check_at") WHERE resolved_at IS NULL;--> statement-breakpoint
CREATE INDEX "payment_messages_unprocessed_idx" ON "payment_messages" USING btree ("created_at") WHERE processed_at IS NULL;