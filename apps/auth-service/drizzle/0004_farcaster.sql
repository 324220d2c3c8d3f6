ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "channel_token" text;--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "domain" text;