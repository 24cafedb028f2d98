CREATE TYPE "public"."sso_outbox_status" AS ENUM('sent', 'confirmed', 'declined');--> statement-breakpoint
CREATE TYPE "public"."sso_stage" AS ENUM('push', 'call', 'sms');--> statement-breakpoint
CREATE TYPE "public"."sso_state" AS ENUM('active', 'accessed', 'cancelled', 'used');--> statement-breakpoint
CREATE TABLE "sso_auth_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_auth_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"id_hash" varchar(64) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"stage" "sso_stage" DEFAULT 'push' NOT NULL,
	"state" "sso_state" DEFAULT 'active' NOT NULL,
	"stage_started_at" timestamp with time zone NOT NULL,
	"code_hash" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancel_reason" varchar(16),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sso_auth_requests_id_hash_key" UNIQUE("id_hash")
);
--> statement-breakpoint
CREATE TABLE "sso_outbox" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sso_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"auth_request_id" integer NOT NULL,
	"channel" "sso_stage" NOT NULL,
	"phone" varchar(20) NOT NULL,
	"code" varchar(20),
	"calling_number" varchar(20),
	"status" "sso_outbox_status" DEFAULT 'sent' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_outbox" ADD CONSTRAINT "sso_outbox_auth_request_id_sso_auth_requests_id_fk" FOREIGN KEY ("auth_request_id") REFERENCES "public"."sso_auth_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_auth_requests_phone_created_at_idx" ON "sso_auth_requests" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "sso_auth_requests_created_at_idx" ON "sso_auth_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sso_outbox_phone_id_idx" ON "sso_outbox" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "sso_outbox_auth_request_id_idx" ON "sso_outbox" USING btree ("auth_request_id");