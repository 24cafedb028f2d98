CREATE TABLE "review_photos" (
	"review_id" integer NOT NULL,
	"image_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "review_photos_review_id_position_pk" PRIMARY KEY("review_id","position")
);
--> statement-breakpoint
CREATE TABLE "uploaded_image_files" (
	"image_id" integer NOT NULL,
	"name" varchar(32) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	CONSTRAINT "uploaded_image_files_image_id_name_pk" PRIMARY KEY("image_id","name")
);
--> statement-breakpoint
CREATE TABLE "uploaded_images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "uploaded_images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"hash" varchar(64) NOT NULL,
	"owner_id" integer NOT NULL,
	"preset" varchar(16) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploaded_images_hash_key" UNIQUE("hash")
);
--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_image_id_uploaded_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploaded_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_image_files" ADD CONSTRAINT "uploaded_image_files_image_id_uploaded_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."uploaded_images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploaded_images" ADD CONSTRAINT "uploaded_images_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_photos_image_id_idx" ON "review_photos" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "uploaded_images_owner_id_idx" ON "uploaded_images" USING btree ("owner_id");