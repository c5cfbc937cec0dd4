CREATE TYPE "public"."job_type" AS ENUM('Supplier Prequalification', 'Tender', 'Request For Quotation');--> statement-breakpoint
CREATE TYPE "public"."organisation_kind" AS ENUM('buyer', 'supplier', 'advertiser', 'platform');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "categories_group_name_unique" UNIQUE("group_id","name")
);
--> statement-breakpoint
CREATE TABLE "category_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "category_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "category_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "countries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"iso2" char(2) NOT NULL,
	"name" text NOT NULL,
	"flag_emoji" text NOT NULL,
	"dial_code" text NOT NULL,
	"currency" char(3) NOT NULL,
	CONSTRAINT "countries_iso2_unique" UNIQUE("iso2")
);
--> statement-breakpoint
CREATE TABLE "option_values" (
	"list" text NOT NULL,
	"value" text NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "option_values_list_value_pk" PRIMARY KEY("list","value")
);
--> statement-breakpoint
CREATE TABLE "sourcing_event_categories" (
	"event_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "sourcing_event_categories_event_id_category_id_pk" PRIMARY KEY("event_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "sourcing_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sourcing_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"buyer_id" integer NOT NULL,
	"title" text NOT NULL,
	"job_type" "job_type" NOT NULL,
	"country_id" integer NOT NULL,
	"closing_at" timestamp with time zone NOT NULL,
	"instructions" text,
	"advert" text,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(advert, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "organisations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" "organisation_kind" NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"logo_url" text,
	"country_iso2" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED
);
--> statement-breakpoint
CREATE TABLE "worker_heartbeats" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_id_category_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."category_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_event_categories" ADD CONSTRAINT "sourcing_event_categories_event_id_sourcing_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sourcing_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_event_categories" ADD CONSTRAINT "sourcing_event_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_events" ADD CONSTRAINT "sourcing_events_buyer_id_organisations_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sourcing_events" ADD CONSTRAINT "sourcing_events_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_name_idx" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sec_category_idx" ON "sourcing_event_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "sourcing_events_closing_idx" ON "sourcing_events" USING btree ("closing_at","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "sourcing_events_country_closing_idx" ON "sourcing_events" USING btree ("country_id","closing_at") WHERE is_public;--> statement-breakpoint
CREATE INDEX "sourcing_events_buyer_closing_idx" ON "sourcing_events" USING btree ("buyer_id","closing_at") WHERE is_public;--> statement-breakpoint
CREATE INDEX "sourcing_events_search_idx" ON "sourcing_events" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "organisations_kind_name_idx" ON "organisations" USING btree ("kind","name");--> statement-breakpoint
CREATE INDEX "organisations_buyer_search_idx" ON "organisations" USING gin ("search_vector") WHERE kind = 'buyer';