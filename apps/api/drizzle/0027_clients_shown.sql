ALTER TABLE "organisations" ADD COLUMN "sector" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "shown_as_client" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "organisations_shown_clients_idx" ON "organisations" USING btree ("name") WHERE kind = 'buyer' AND shown_as_client;