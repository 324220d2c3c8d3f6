CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Social flows live 10 minutes and none can finish under the new binding (no challenge): they go.
DELETE FROM "social_flows";--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "code_challenge" text NOT NULL;--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "host_origin" text NOT NULL;--> statement-breakpoint
ALTER TABLE "social_flows" DROP COLUMN "code_verifier";