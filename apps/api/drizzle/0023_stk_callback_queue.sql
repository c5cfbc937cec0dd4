-- M-Pesa callbacks are stored in one statement and applied off the request path (issue 15). An identical
-- copy of a stored callback is not stored again: body_digest (md5 of the stored body, callbacks only) is
-- unique and the route inserts ON CONFLICT DO NOTHING. Rows stored before this migration keep a null digest
-- (nulls never conflict), so no stored message is changed or dropped.
ALTER TABLE "payment_messages" ADD COLUMN "body_digest" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_messages_body_digest_key" ON "payment_messages" USING btree ("body_digest");--> statement-breakpoint
-- The processor's queue: stored callbacks not yet applied, oldest first.
CREATE INDEX "payment_messages_stk_callback_queue_idx" ON "payment_messages" USING btree ("id") WHERE kind = 'stk_callback' AND processed_at IS NULL;
