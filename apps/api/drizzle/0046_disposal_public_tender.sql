CREATE TABLE "disposal_committee" (
	"asset_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"share" text NOT NULL,
	"held" text,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "disposal_committee_asset_id_user_id_pk" PRIMARY KEY("asset_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "disposal_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "disposal_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"asset_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"envelope" text NOT NULL,
	"sha256" char(64) NOT NULL,
	"receipt_code" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"amount_minor" bigint,
	"rank" integer,
	"below_reserve" boolean
);
--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD COLUMN "tender_public_key" text;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD COLUMN "quorum" integer;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disposal_assets" ADD COLUMN "awarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disposal_committee" ADD CONSTRAINT "disposal_committee_asset_id_disposal_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."disposal_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_committee" ADD CONSTRAINT "disposal_committee_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_offers" ADD CONSTRAINT "disposal_offers_asset_id_disposal_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."disposal_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disposal_offers" ADD CONSTRAINT "disposal_offers_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disposal_offers_asset_supplier_idx" ON "disposal_offers" USING btree ("asset_id","supplier_id");