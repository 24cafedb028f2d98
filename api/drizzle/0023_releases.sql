CREATE TABLE "release_counts" (
	"release_id" integer NOT NULL,
	"env" varchar(32) NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_counts_release_id_env_minute_pk" PRIMARY KEY("release_id","env","minute")
);
--> statement-breakpoint
CREATE TABLE "release_pointer_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_pointer_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app" varchar(64) NOT NULL,
	"env" varchar(32) NOT NULL,
	"action" varchar(24) NOT NULL,
	"release_id" integer NOT NULL,
	"previous_release_id" integer,
	"canary_release_id" integer,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"actor" varchar(200) NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_pointers" (
	"app" varchar(64) NOT NULL,
	"env" varchar(32) NOT NULL,
	"release_id" integer NOT NULL,
	"canary_release_id" integer,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"canary_started_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "release_pointers_app_env_pk" PRIMARY KEY("app","env")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "releases_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"app" varchar(64) NOT NULL,
	"build_hash" varchar(64) NOT NULL,
	"git_commit" varchar(64) DEFAULT '' NOT NULL,
	"created_by" varchar(200) NOT NULL,
	"size_bytes" bigint DEFAULT 0 NOT NULL,
	"requires" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provides" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"exposes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "release_counts" ADD CONSTRAINT "release_counts_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointer_history" ADD CONSTRAINT "release_pointer_history_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointer_history" ADD CONSTRAINT "release_pointer_history_previous_release_id_releases_id_fk" FOREIGN KEY ("previous_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointer_history" ADD CONSTRAINT "release_pointer_history_canary_release_id_releases_id_fk" FOREIGN KEY ("canary_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointers" ADD CONSTRAINT "release_pointers_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_pointers" ADD CONSTRAINT "release_pointers_canary_release_id_releases_id_fk" FOREIGN KEY ("canary_release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_pointer_history_app_env_idx" ON "release_pointer_history" USING btree ("app","env","id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_app_build_hash_key" ON "releases" USING btree ("app","build_hash");--> statement-breakpoint
CREATE INDEX "releases_app_id_idx" ON "releases" USING btree ("app","id");--> statement-breakpoint
CREATE FUNCTION "release_pointer_history_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'release_pointer_history is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "release_pointer_history_no_update_delete" BEFORE UPDATE OR DELETE ON "release_pointer_history" FOR EACH ROW EXECUTE FUNCTION "release_pointer_history_append_only"();--> statement-breakpoint
CREATE TRIGGER "release_pointer_history_no_truncate" BEFORE TRUNCATE ON "release_pointer_history" FOR EACH STATEMENT EXECUTE FUNCTION "release_pointer_history_append_only"();
