CREATE TABLE "excursion_views" (
	"excursion_id" integer NOT NULL,
	"day" date NOT NULL,
	"visitor_hash" varchar(64) NOT NULL,
	CONSTRAINT "excursion_views_excursion_id_day_visitor_hash_pk" PRIMARY KEY("excursion_id","day","visitor_hash")
);
--> statement-breakpoint
CREATE TABLE "partner_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"contact_phone" varchar(20) DEFAULT '' NOT NULL,
	"contact_email" varchar(254) DEFAULT '' NOT NULL,
	"legal_type" varchar(20) DEFAULT 'individual' NOT NULL,
	"legal_name" varchar(300) DEFAULT '' NOT NULL,
	"inn" varchar(12) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD COLUMN "excursion_id" integer;--> statement-breakpoint
ALTER TABLE "excursion_views" ADD CONSTRAINT "excursion_views_excursion_id_excursions_id_fk" FOREIGN KEY ("excursion_id") REFERENCES "public"."excursions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_profiles" ADD CONSTRAINT "partner_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "excursion_views_day_idx" ON "excursion_views" USING btree ("day");--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_excursion_id_excursions_id_fk" FOREIGN KEY ("excursion_id") REFERENCES "public"."excursions"("id") ON DELETE set null ON UPDATE no action;