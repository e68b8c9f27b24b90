-- Servers keep signed-in sessions in memory (src/server/modules/auth/session-cache.ts) and drop
-- one as soon as its session, account or merchant changes: every such change, through the app or
-- straight in SQL, notifies them on the channel auth_changed ('s', 'a' or 'm' and the row's id;
-- '*' for a TRUNCATE). PostgreSQL delivers a notification when its transaction commits.
CREATE FUNCTION "notify_auth_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('auth_changed', '*');
  ELSE
    PERFORM pg_notify('auth_changed', TG_ARGV[0] || OLD."id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  watched text[];
BEGIN
  FOREACH watched SLICE 1 IN ARRAY ARRAY[['sessions', 's'], ['admins', 'a'], ['merchants', 'm']] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE ON %I FOR EACH ROW '
      'EXECUTE FUNCTION "notify_auth_change"(%L)', watched[1] || '_auth_change', watched[1], watched[2]);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT '
      'EXECUTE FUNCTION "notify_auth_change"()', watched[1] || '_auth_truncate', watched[1]);
  END LOOP;
END $$;
