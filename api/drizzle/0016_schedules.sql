CREATE TABLE "schedule_closures" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_closures_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"excursion_id" integer NOT NULL,
	"date_from" date NOT NULL,
	"date_to" date NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "schedule_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "schedule_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"excursion_id" integer NOT NULL,
	"weekdays" jsonb NOT NULL,
	"times" jsonb NOT NULL,
	"valid_from" date NOT NULL,
	"valid_to" date,
	"capacity" integer NOT NULL,
	"price_override" integer,
	"cutoff_minutes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cutoff_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "schedule_closures" ADD CONSTRAINT "schedule_closures_excursion_id_excursions_id_fk" FOREIGN KEY ("excursion_id") REFERENCES "public"."excursions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "schedule_rules" ADD CONSTRAINT "schedule_rules_excursion_id_excursions_id_fk" FOREIGN KEY ("excursion_id") REFERENCES "public"."excursions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_closures_excursion_id_idx" ON "schedule_closures" USING btree ("excursion_id");--> statement-breakpoint
CREATE INDEX "schedule_rules_excursion_id_idx" ON "schedule_rules" USING btree ("excursion_id");--> statement-breakpoint
CREATE INDEX "events_rule_id_idx" ON "events" USING btree ("rule_id");