-- Audit entries are written without a chain link and sealed into the chain later by one sealer.
ALTER TABLE "audit_log" ALTER COLUMN "previous_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_position" bigint;--> statement-breakpoint
-- The statement-level trigger refused every UPDATE; from now on one UPDATE per row is allowed (the seal).
DROP TRIGGER "audit_log_append_only" ON "audit_log";--> statement-breakpoint
-- Entries written before sealing existed were chained in id order: that is their place in the chain.
UPDATE "audit_log" AS a SET "chain_position" = o."position"
  FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS "position" FROM "audit_log") AS o
  WHERE a."id" = o."id";--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_position_idx" ON "audit_log" USING btree ("chain_position");--> statement-breakpoint
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log" USING btree ("id") WHERE "audit_log"."hash" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_sealed_or_hashed" CHECK (("audit_log"."hash" IS NULL) = ("audit_log"."previous_hash" IS NULL) AND ("audit_log"."hash" IS NULL) = ("audit_log"."chain_position" IS NULL) AND ("audit_log"."hash" IS NOT NULL OR "audit_log"."content_hash" IS NOT NULL));--> statement-breakpoint
-- Rows can be added and sealed once, never changed otherwise or removed. The seal may only fill the chain
-- columns of an unsealed row; every other column (whatever columns are added later) must stay as written.
CREATE OR REPLACE FUNCTION audit_log_seal_only() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD.hash IS NULL AND NEW.hash IS NOT NULL
     AND to_jsonb(NEW) - 'chain_position' - 'previous_hash' - 'hash'
       = to_jsonb(OLD) - 'chain_position' - 'previous_hash' - 'hash' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_seal_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
