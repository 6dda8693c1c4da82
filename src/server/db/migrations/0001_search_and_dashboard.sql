-- Trigram indexes for substring search (ILIKE '%text%'); PGlite loads the extension's code in
-- db/client.ts, PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The SQL twin of nextOccurrence in src/domain/recurrence.ts, for the dashboard's Renews Soon:
-- the first occurrence on or after `today` of something that started on start_date and repeats
-- with the frequency, counted from the start (start + n periods, end of month clamped as
-- date-fns does); start_date itself when it is today or later; NULL for a one-time or unknown
-- frequency or a missing value. src/server/dashboard/summary.test.ts checks it against the
-- domain function at the edges.
CREATE OR REPLACE FUNCTION qm_next_occurrence(start_date date, frequency text, today date)
RETURNS date LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  step_months integer;
  n integer;
  candidate date;
BEGIN
  IF start_date IS NULL OR frequency IS NULL OR today IS NULL THEN RETURN NULL; END IF;
  IF frequency NOT IN ('daily', 'weekly', 'monthly', 'quarterly', 'annually') THEN RETURN NULL; END IF;
  IF start_date >= today THEN RETURN start_date; END IF;
  IF frequency = 'daily' THEN RETURN today; END IF;
  IF frequency = 'weekly' THEN RETURN start_date + ((today - start_date + 6) / 7) * 7; END IF;
  step_months := CASE frequency WHEN 'monthly' THEN 1 WHEN 'quarterly' THEN 3 ELSE 12 END;
  n := ((extract(year FROM today)::integer - extract(year FROM start_date)::integer) * 12
        + extract(month FROM today)::integer - extract(month FROM start_date)::integer) / step_months;
  LOOP
    candidate := (start_date + make_interval(months => n * step_months))::date;
    IF candidate >= today THEN RETURN candidate; END IF;
    n := n + 1;
  END LOOP;
END $$;
