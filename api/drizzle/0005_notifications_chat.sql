CREATE TABLE "chat_reads" (
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"last_read_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_order_id_user_id_pk" PRIMARY KEY("order_id","user_id")
);
--> statement-breakpoint
DROP INDEX "notifications_user_id_id_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "id" SET MAXVALUE 9223372036854775807;--> statement-breakpoint
UPDATE "notifications" SET "link" = '' WHERE "link" IS NULL;--> statement-breakpoint
ALTER TABLE "notifications" ALTER COLUMN "link" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "viewed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "viewed" = true WHERE "viewed_at" IS NOT NULL;--> statement-breakpoint
UPDATE "notifications" SET "data" = jsonb_build_object('order_id', substring("link" from '/(\d+)$')::integer) WHERE "link" ~ '/\d+$';--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_reads_user_id_idx" ON "chat_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_unviewed_idx" ON "notifications" USING btree ("user_id","id") WHERE "notifications"."viewed" = false;--> statement-breakpoint
CREATE INDEX "notifications_user_id_id_idx" ON "notifications" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
-- Read markers from the per-message viewed_at: each recipient has read up to the last message they had viewed.
INSERT INTO "chat_reads" ("order_id", "user_id", "last_read_id")
SELECT m."order_id", CASE WHEN m."sender_id" = o."customer_id" THEN o."partner_id" ELSE o."customer_id" END, max(m."id")
FROM "chat_messages" m JOIN "orders" o ON o."id" = m."order_id"
WHERE m."viewed_at" IS NOT NULL
GROUP BY 1, 2;--> statement-breakpoint
ALTER TABLE "chat_messages" DROP COLUMN "viewed_at";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "viewed_at";