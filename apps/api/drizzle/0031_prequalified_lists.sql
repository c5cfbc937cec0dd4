CREATE TABLE "prequalified_order_categories" (
	"order_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"supplier_count" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	CONSTRAINT "prequalified_order_categories_order_id_category_id_pk" PRIMARY KEY("order_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "prequalified_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_person" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"country_id" integer NOT NULL,
	"delivery" jsonb,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prequalified_order_categories" ADD CONSTRAINT "prequalified_order_categories_order_id_prequalified_orders_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."prequalified_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalified_order_categories" ADD CONSTRAINT "prequalified_order_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalified_orders" ADD CONSTRAINT "prequalified_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prequalified_orders" ADD CONSTRAINT "prequalified_orders_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prequalified_orders_email_idx" ON "prequalified_orders" USING btree ("email");