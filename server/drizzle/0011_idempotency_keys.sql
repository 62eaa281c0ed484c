-- A POST repeated with the same Idempotency-Key (a retry after a lost connection, or nginx
-- passing a request on to another process during a restart) must answer the first answer again
-- and change nothing. The first answer is kept here, not in a process's memory, so that the
-- repeat finds it whichever process it reaches. Rows live 24 hours; created_at is indexed for
-- the purge (plugins/idempotency.ts).
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"status" integer,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" USING btree ("created_at");