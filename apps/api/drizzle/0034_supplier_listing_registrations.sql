CREATE INDEX "supplier_registrations_letter_idx" ON "supplier_registrations" USING btree (upper(left("company_name", 1)),"company_name","supplier_id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "supplier_registrations_country_letter_idx" ON "supplier_registrations" USING btree ("country_id",upper(left("company_name", 1)),"company_name","supplier_id") WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX "supplier_registrations_other_letter_idx" ON "supplier_registrations" USING btree ("company_name","supplier_id") WHERE status = 'approved' AND upper(left(company_name, 1)) NOT IN ('A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'W', 'X', 'Y', 'Z');--> statement-breakpoint
CREATE INDEX "supplier_registrations_categories_idx" ON "supplier_registrations" USING gin ("category_ids") WHERE status = 'approved';--> statement-breakpoint
-- The A–Z listing is read from approved registrations and shared for a few seconds per process like the other
-- public lists (list-cache.ts): a registration's change (approval, correction, erasure) empties every cache.
CREATE TRIGGER supplier_registrations_public_lists_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON supplier_registrations
  FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
