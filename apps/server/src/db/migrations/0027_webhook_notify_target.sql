-- The announcement names the delivery's integration too, so the queued job knows its target and
-- the worker shares its slots fairly between targets (decision 018): '<venue>:<delivery>:<integration>'.
CREATE OR REPLACE FUNCTION lanebook_webhook_delivery_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lanebook_webhooks', NEW.venue_id || ':' || NEW.id || ':' || NEW.integration_id);
  RETURN NULL;
END;
$$;
