CREATE TABLE "supplier_directories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supplier_directories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"directory_format" text DEFAULT 'XLSX and CSV' NOT NULL,
	"software_requirements" text DEFAULT '' NOT NULL,
	"os_requirements" text DEFAULT '' NOT NULL,
	"currency" char(3) NOT NULL,
	"amount_minor" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_directory_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"directory_id" integer NOT NULL,
	"marketing" text,
	"download_token" text,
	"download_expires_at" timestamp with time zone,
	"snapshot_at" timestamp with time zone,
	"supplier_count" integer
);
--> statement-breakpoint
CREATE TABLE "supplier_directory_rows" (
	"order_id" integer NOT NULL,
	"position" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"categories" text NOT NULL,
	"verified" boolean NOT NULL,
	CONSTRAINT "supplier_directory_rows_order_id_position_pk" PRIMARY KEY("order_id","position")
);
--> statement-breakpoint
ALTER TABLE "supplier_directories" ADD CONSTRAINT "supplier_directories_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_directory_orders" ADD CONSTRAINT "supplier_directory_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_directory_orders" ADD CONSTRAINT "supplier_directory_orders_directory_id_supplier_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."supplier_directories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_directory_rows" ADD CONSTRAINT "supplier_directory_rows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_directories_country_unique" ON "supplier_directories" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "supplier_directories_name_idx" ON "supplier_directories" USING btree ("name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_directory_orders_token_unique" ON "supplier_directory_orders" USING btree ("download_token");--> statement-breakpoint
CREATE INDEX "supplier_directory_orders_directory_idx" ON "supplier_directory_orders" USING btree ("directory_id");