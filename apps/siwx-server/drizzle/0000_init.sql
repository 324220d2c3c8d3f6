CREATE TABLE "siwx_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"client" text NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "siwx_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"nonce" text NOT NULL,
	"session" jsonb NOT NULL,
	"expires_at" bigint,
	"created_at" bigint NOT NULL,
	CONSTRAINT "siwx_sessions_nonce_unique" UNIQUE("nonce")
);
--> statement-breakpoint
CREATE TABLE "siwx_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"seq" serial NOT NULL,
	"account" text NOT NULL,
	"expires_at" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "siwx_nonces_client" ON "siwx_nonces" USING btree ("client","account");--> statement-breakpoint
CREATE INDEX "siwx_nonces_expires" ON "siwx_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "siwx_sessions_account" ON "siwx_sessions" USING btree ("account","created_at");--> statement-breakpoint
CREATE INDEX "siwx_tokens_account" ON "siwx_tokens" USING btree ("account");--> statement-breakpoint
CREATE INDEX "siwx_tokens_expires" ON "siwx_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "siwx_tokens_seq" ON "siwx_tokens" USING btree ("seq");