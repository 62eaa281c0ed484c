CREATE TABLE "conversations" (
	"user_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"read_up_to" uuid,
	CONSTRAINT "conversations_pkey" PRIMARY KEY("user_id","other_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"text" text,
	"film_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "messages_not_self" CHECK ("messages"."sender_id" <> "messages"."recipient_id"),
	CONSTRAINT "messages_text_length" CHECK (char_length("messages"."text") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_message_id_messages_id_fk" FOREIGN KEY ("last_message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_list_idx" ON "conversations" USING btree ("user_id","last_at" DESC NULLS LAST,"other_id");--> statement-breakpoint
CREATE INDEX "conversations_other_idx" ON "conversations" USING btree ("other_id");--> statement-breakpoint
CREATE INDEX "messages_pair_idx" ON "messages" USING btree (least("sender_id", "recipient_id"),greatest("sender_id", "recipient_id"),"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("recipient_id","sender_id","created_at") WHERE "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "messages_film_idx" ON "messages" USING btree ("film_id");