DROP INDEX "tenders_public_closing_idx";--> statement-breakpoint
DROP INDEX "tenders_public_country_closing_idx";--> statement-breakpoint
DROP INDEX "tenders_public_category_closing_idx";--> statement-breakpoint
CREATE INDEX "tenders_public_closing_idx" ON "tenders" USING btree ("closing_at","id","country_id","category_id","sector","job_type") WHERE is_public;--> statement-breakpoint
CREATE INDEX "tenders_public_country_closing_idx" ON "tenders" USING btree ("country_id","closing_at","id","category_id","sector","job_type") WHERE is_public;--> statement-breakpoint
CREATE INDEX "tenders_public_category_closing_idx" ON "tenders" USING btree ("category_id","closing_at","id","country_id","sector","job_type") WHERE is_public;