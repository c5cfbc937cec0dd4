CREATE TYPE "public"."tender_alert_digest_status" AS ENUM('pending', 'queued');--> statement-breakpoint
CREATE TYPE "public"."tender_alert_item_kind" AS ENUM('tender', 'job');--> statement-breakpoint
CREATE TYPE "public"."tender_alert_mail_kind" AS ENUM('digest', 'renewal_7', 'renewal_1');--> statement-breakpoint
ALTER TYPE "public"."supplier_registration_status" ADD VALUE 'erased';--> statement-breakpoint
CREATE TABLE "tender_alert_digest_items" (
	"digest_id" integer NOT NULL,
	"item_kind" "tender_alert_item_kind" NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "tender_alert_digest_items_digest_id_item_kind_item_id_pk" PRIMARY KEY("digest_id","item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "tender_alert_digests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tender_alert_digests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" integer NOT NULL,
	"kind" "tender_alert_mail_kind" NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"covers_from" timestamp with time zone,
	"covers_until" timestamp with time zone,
	"status" "tender_alert_digest_status" DEFAULT 'pending' NOT NULL,
	"tender_count" integer DEFAULT 0 NOT NULL,
	"job_count" integer DEFAULT 0 NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tender_alert_profiles" (
	"subscription_id" integer PRIMARY KEY NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"sectors" text[] DEFAULT '{}'::text[] NOT NULL,
	"job_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"counties" text[] DEFAULT '{}'::text[] NOT NULL,
	"keywords_query" text,
	"counties_query" text,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "tender_alert_digest_items" ADD CONSTRAINT "tender_alert_digest_items_digest_id_tender_alert_digests_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."tender_alert_digests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_alert_digests" ADD CONSTRAINT "tender_alert_digests_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_alert_digests" ADD CONSTRAINT "tender_alert_digests_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tender_alert_profiles" ADD CONSTRAINT "tender_alert_profiles_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tender_alert_digests_once" ON "tender_alert_digests" USING btree ("subscription_id","kind","period_start");--> statement-breakpoint
CREATE INDEX "tender_alert_digests_pending_idx" ON "tender_alert_digests" USING btree ("id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "tender_alert_digests_period_idx" ON "tender_alert_digests" USING btree ("period_start","kind");--> statement-breakpoint
CREATE INDEX "tender_alert_digests_mail_idx" ON "tender_alert_digests" USING btree ("mail_id");