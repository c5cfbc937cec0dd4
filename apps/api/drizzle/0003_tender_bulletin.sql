CREATE TYPE "public"."sector" AS ENUM('Private', 'NGO', 'Public', 'Parastatal', 'Sacco');--> statement-breakpoint
CREATE TYPE "public"."payment_state" AS ENUM('pending', 'processing', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."tender_review" AS ENUM('under_review', 'published', 'rejected');--> statement-breakpoint
CREATE TABLE "prices" (
	"product" text PRIMARY KEY NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tender_attachments" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tender_attachments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tender_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tender_attachments_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "tenders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tenders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"company" text NOT NULL,
	"country_id" integer NOT NULL,
	"sector" "sector",
	"category_id" integer,
	"job_type" "job_type" DEFAULT 'Tender' NOT NULL,
	"closing_at" timestamp with time zone NOT NULL,
	"raw_closing_date" text,
	"cancelled_at" timestamp with time zone,
	"published_by" integer,
	"advertiser_id" integer,
	"review" "tender_review" DEFAULT 'under_review' NOT NULL,
	"rejection_reason" text,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer,
	"published_at" timestamp with time zone,
	"code" text,
	"reference" text,
	"payment_state" "payment_state",
	"amount_minor" integer,
	"currency" char(3),
	"contact_first_name" text,
	"contact_last_name" text,
	"contact_email" text,
	"contact_phone" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_public" boolean GENERATED ALWAYS AS (review = 'published'::tender_review AND (advertiser_id IS NULL OR payment_state = 'paid'::payment_state)) STORED,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || company || ' ' || regexp_replace(content, '<[^>]*>', ' ', 'g'))) STORED,
	CONSTRAINT "tenders_code_unique" UNIQUE("code"),
	CONSTRAINT "tenders_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "tender_attachments" ADD CONSTRAINT "tender_attachments_tender_id_tenders_id_fk" FOREIGN KEY ("tender_id") REFERENCES "public"."tenders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_advertiser_id_organisations_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenders" ADD CONSTRAINT "tenders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tender_attachments_tender_idx" ON "tender_attachments" USING btree ("tender_id");--> statement-breakpoint
CREATE INDEX "tenders_public_closing_idx" ON "tenders" USING btree ("closing_at","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "tenders_public_country_closing_idx" ON "tenders" USING btree ("country_id","closing_at","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "tenders_public_category_closing_idx" ON "tenders" USING btree ("category_id","closing_at") WHERE is_public;--> statement-breakpoint
CREATE INDEX "tenders_search_idx" ON "tenders" USING gin ("search_vector") WHERE is_public;--> statement-breakpoint
CREATE INDEX "tenders_advertiser_idx" ON "tenders" USING btree ("advertiser_id","created_at");--> statement-breakpoint
CREATE INDEX "tenders_review_idx" ON "tenders" USING btree ("review","created_at");