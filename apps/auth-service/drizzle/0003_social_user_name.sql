ALTER TABLE "identities" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "social_flows" ADD COLUMN "user_name" text;