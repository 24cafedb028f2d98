CREATE TABLE "order_proposals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_proposals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"order_id" integer NOT NULL,
	"slots" jsonb NOT NULL,
	"message" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"chosen_event_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "group_min" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "group_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "excursions" ADD COLUMN "group_min" integer;--> statement-breakpoint
ALTER TABLE "excursions" ADD COLUMN "group_decision_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "proposal_id" integer;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proposals" ADD CONSTRAINT "order_proposals_chosen_event_id_events_id_fk" FOREIGN KEY ("chosen_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_proposals_pending_key" ON "order_proposals" USING btree ("order_id") WHERE "order_proposals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "order_proposals_order_id_idx" ON "order_proposals" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_proposal_id_order_proposals_id_fk" FOREIGN KEY ("proposal_id") REFERENCES "public"."order_proposals"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "excursions" ADD CONSTRAINT "excursions_group_min_check" CHECK ("excursions"."group_min" IS NULL OR ("excursions"."group_min" > 0 AND "excursions"."group_min" <= "excursions"."group_size_max"));--> statement-breakpoint
ALTER TABLE "excursions" ADD CONSTRAINT "excursions_group_decision_check" CHECK ("excursions"."group_decision_hours" BETWEEN 1 AND 168);