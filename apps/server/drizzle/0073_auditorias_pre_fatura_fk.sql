-- Audits pointing at a pre-invoice that no longer exists (deleted outside the API, which lets go of its audits
-- first) would make the foreign key below fail: they point at nothing, so they are set null, as the key does from now on.
UPDATE "auditorias" a SET "pre_fatura_uid" = NULL
 WHERE a."pre_fatura_uid" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "pre_faturas" p WHERE p."uid" = a."pre_fatura_uid");
--> statement-breakpoint
ALTER TABLE "auditorias" ADD CONSTRAINT "auditorias_pre_fatura_uid_pre_faturas_uid_fk" FOREIGN KEY ("pre_fatura_uid") REFERENCES "public"."pre_faturas"("uid") ON DELETE set null ON UPDATE no action;
