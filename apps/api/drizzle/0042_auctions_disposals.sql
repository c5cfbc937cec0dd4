CREATE TYPE "public"."auction_direction" AS ENUM('reverse', 'forward');--> statement-breakpoint
CREATE TYPE "public"."auction_rule_set" AS ENUM('rounds', 'open');--> statement-breakpoint
CREATE TYPE "public"."auction_source" AS ENUM('standalone', 'rfq', 'tender', 'disposal');--> statement-breakpoint
CREATE TYPE "public"."auction_status" AS ENUM('draft', 'published', 'award_pending', 'awarded', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."auction_visibility" AS ENUM('rank_only', 'best_price');--> statement-breakpoint
CREATE TYPE "public"."disposal_method" AS ENUM('public_tender', 'public_auction', 'trade_in');--> statement-breakpoint
CREATE TYPE "public"."disposal_status" AS ENUM('registered', 'method_pending', 'method_approved', 'listed', 'sold', 'disposed', 'withdrawn');--> statement-breakpoint
CREATE TABLE "auction_bids" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auction_bids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"auction_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"placed_by_user_id" integer,
	"extended" boolean DEFAULT false NOT NULL,
	"ends_at_after" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auction_participants" (
	"auction_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"alias" text NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auction_participants_auction_id_supplier_id_pk" PRIMARY KEY("auction_id","supplier_id")
);
--> statement-breakpoint
CREATE TABLE "auction_states" (
	"auction_id" integer PRIMARY KEY NOT NULL,
	"standings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ends_at" timestamp with time zone,
	"extensions" integer DEFAULT 0 NOT NULL,
	"round_orders" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_seq" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auctions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "auctions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"title" text NOT NULL,
	"status" "auction_status" DEFAULT 'draft' NOT NULL,
	"direction" "auction_direction" NOT NULL,
	"rules" "auction_rule_set" NOT NULL,
	"visibility" "auction_visibility" DEFAULT 'rank_only' NOT NULL,
	"currency" char(3) NOT NULL,
	"source" "auction_source" DEFAULT 'standalone' NOT NULL,
	"source_id" integer,
	"lot_reference" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"rounds_timing" jsonb,
	"anti_sniping" jsonb,
	"step_kind" text NOT NULL,
	"step_value" bigint NOT NULL,
	"reserve_price" bigint,
	"reference_value" bigint,
	"created_by_user_id" integer NOT NULL,
	"published_at" timestamp with time zone,
	"award_supplier_id" integer,
	"award_amount" bigint,
	"award_requested_by_user_id" integer,
	"awarded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disposal_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disposal_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"organisation_id" integer NOT NULL,
	"public_code" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"condition" text NOT NULL,
	"grounds" text NOT NULL,
	"location" text NOT NULL,
	"currency" char(3) NOT NULL,
	"book_value" bigint NOT NULL,
	"reserve_price" bigint NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "disposal_status" DEFAULT 'registered' NOT NULL,
	"method" "disposal_method",
	"method_justification" text,
	"method_requested_by_user_id" integer,
	"method_approved_by_user_id" integer,
	"method_approved_at" timestamp with time zone,
	"auction_id" integer,
	"rfq_id" integer,
	"listed_at" timestamp with time zone,
	"closing_at" timestamp with time zone,
	"buyer_supplier_id" integer,
	"buyer_name" text,
	"sale_amount" bigint,
	"settlement" text,
	"settlement_reference" text,
	"proceeds" bigint,
	"disposed_at" timestamp with time zone,
	"created_by_user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disposal_assets_public_code_unique" UNIQUE("public_code")
);
--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_bids" ADD CONSTRAINT "auction_bids_placed_by_user_id_users_id_fk" FOREIGN KEY ("placed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_participants" ADD CONSTRAINT "auction_participants_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_participants" ADD CONSTRAINT "auction_participants_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auction_states" ADD CONSTRAINT "auction_states_auction_id_auctions_id_fk" FOREIGN KEY ("auction_id") REFERENCES "public"."auctions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_award_supplier_id_organisations_id_fk" FOREIGN KEY ("award_supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auctions" ADD CONSTRAINT "auctions_award_requested_by_user_id_users_id_fk" FOREIGN KEY ("award_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD CONSTRAINT "disposal_assets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD CONSTRAINT "disposal_assets_method_requested_by_user_id_users_id_fk" FOREIGN KEY ("method_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD CONSTRAINT "disposal_assets_method_approved_by_user_id_users_id_fk" FOREIGN KEY ("method_approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD CONSTRAINT "disposal_assets_buyer_supplier_id_organisations_id_fk" FOREIGN KEY ("buyer_supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD CONSTRAINT "disposal_assets_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_auction_seq_idx" ON "auction_bids" USING btree ("auction_id","seq");--> statement-breakpoint
CREATE INDEX "auction_participants_supplier_idx" ON "auction_participants" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "auctions_organisation_created_idx" ON "auctions" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "auctions_source_idx" ON "auctions" USING btree ("source","source_id");--> statement-breakpoint
CREATE INDEX "disposal_assets_organisation_created_idx" ON "disposal_assets" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "disposal_assets_listed_idx" ON "disposal_assets" USING btree ("status","listed_at");