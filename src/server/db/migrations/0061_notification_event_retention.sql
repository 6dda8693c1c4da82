-- An event's deliveries (notifications/event-retention.ts): the retention asks whether all of an
-- old event's outbox rows are finished, and deleting the event cascades to them; without this
-- index each of those reads the whole outbox (every mail ever sent). Only notification rows carry
-- an event, so the index holds those alone.
CREATE INDEX "reminder_deliveries_event_id_idx" ON "reminder_deliveries" USING btree ("event_id") WHERE "reminder_deliveries"."event_id" is not null;
