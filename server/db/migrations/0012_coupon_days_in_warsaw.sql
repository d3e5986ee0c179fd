-- Coupon days are Warsaw days (docs/decisions/039): bounds saved before as whole UTC days move to the
-- same day's start and end in Europe/Warsaw, so 31.12.2026 typed then still reads and ends on 31.12.2026.
UPDATE coupons SET end_date = (((end_date AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'Europe/Warsaw') - interval '1 millisecond'
  WHERE (end_date AT TIME ZONE 'UTC')::time = '23:59:59.999';
--> statement-breakpoint
UPDATE coupons SET start_date = ((start_date AT TIME ZONE 'UTC')::date::timestamp AT TIME ZONE 'Europe/Warsaw')
  WHERE (start_date AT TIME ZONE 'UTC')::time = '00:00:00';
