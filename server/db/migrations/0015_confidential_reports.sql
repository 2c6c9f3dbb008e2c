CREATE TABLE "confidential_reporters" (
	"oops_id" integer PRIMARY KEY NOT NULL,
	"reporter_key" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oops" ADD COLUMN "confidential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "confidential_near_misses" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "confidential_reporters" ADD CONSTRAINT "confidential_reporters_oops_id_oops_id_fk" FOREIGN KEY ("oops_id") REFERENCES "public"."oops"("id") ON DELETE cascade ON UPDATE no action;