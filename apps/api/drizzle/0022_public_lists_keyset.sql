DROP INDEX "sourcing_events_country_closing_idx";--> statement-breakpoint
DROP INDEX "sourcing_events_buyer_closing_idx";--> statement-breakpoint
CREATE INDEX "sourcing_events_country_closing_idx" ON "sourcing_events" USING btree ("country_id","closing_at","id") WHERE is_public;--> statement-breakpoint
CREATE INDEX "sourcing_events_buyer_closing_idx" ON "sourcing_events" USING btree ("buyer_id","closing_at","id") WHERE is_public;--> statement-breakpoint
-- The public lists are cached for a few seconds in each API process (apps/api/src/infra/list-cache.ts).
-- Any committed change to what they show (publish, edit, moderation, payment, cancel; other processes,
-- the worker, a hand-written UPDATE) tells every process to empty its cache. NOTIFY is sent at commit,
-- and repeated ones in a transaction are folded into one.
CREATE OR REPLACE FUNCTION public_lists_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('public_lists_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER tenders_public_lists_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tenders
  FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();--> statement-breakpoint
CREATE TRIGGER sourcing_events_public_lists_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sourcing_events
  FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();--> statement-breakpoint
CREATE TRIGGER organisations_public_lists_changed
  AFTER UPDATE OR DELETE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION public_lists_changed();
