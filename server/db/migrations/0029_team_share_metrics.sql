-- custom: a team may let its learning figures appear, by team id, on the operators' /metrics (decision 053).
ALTER TABLE "teams" ADD COLUMN "share_metrics" boolean DEFAULT false NOT NULL;
