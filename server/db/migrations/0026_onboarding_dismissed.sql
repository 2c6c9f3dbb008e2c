-- When an owner put the new team's checklist away on the dashboard (decision 038); null while it shows.
ALTER TABLE "teams" ADD COLUMN "onboarding_dismissed_at" timestamp with time zone;
