-- Webhook health (decision 043) reads each endpoint's newest attempts: its last delivery, its newest success and the
-- failures after it. Ordered by endpoint and attempt time, those are a short walk from the end of this index.
CREATE INDEX IF NOT EXISTS "webhook_deliveries_endpoint_attempt_idx" ON "webhook_deliveries" USING btree ("endpoint_id","last_attempt_at");
