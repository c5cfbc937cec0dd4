CREATE TYPE "public"."payment_plan" AS ENUM('Monthly', 'Annual');--> statement-breakpoint
CREATE TABLE "subscription_categories" (
	"subscription_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "subscription_categories_subscription_id_category_id_pk" PRIMARY KEY("subscription_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "subscription_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"payment_plan" "payment_plan" NOT NULL,
	"period_starts_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscriptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"email" text NOT NULL,
	"company_name" text NOT NULL,
	"kra_pin" text,
	"phone" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country_id" integer NOT NULL,
	"city" text NOT NULL,
	"payment_plan" "payment_plan" NOT NULL,
	"marketing" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "subscription_categories" ADD CONSTRAINT "subscription_categories_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_categories" ADD CONSTRAINT "subscription_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_orders" ADD CONSTRAINT "subscription_orders_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_orders_subscription_idx" ON "subscription_orders" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "subscriptions_active_idx" ON "subscriptions" USING btree ("ends_at") WHERE ends_at IS NOT NULL;