ALTER TABLE "transportadores" ADD COLUMN "embarcador_gestor_uid" uuid;--> statement-breakpoint
ALTER TABLE "motoristas" ADD COLUMN "cadastrado_por_embarcador_uid" uuid;--> statement-breakpoint
ALTER TABLE "transportadores" ADD CONSTRAINT "transportadores_embarcador_gestor_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_gestor_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "motoristas" ADD CONSTRAINT "motoristas_cadastrado_por_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("cadastrado_por_embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Backfill: existing carriers are kept by the first shipper that linked them; existing drivers were
-- registered by the shipper named in the audit trail, else by the carrier's keeping shipper.
UPDATE "transportadores" t SET "embarcador_gestor_uid" = (
  SELECT et."embarcador_uid" FROM "embarcador_transportador" et WHERE et."transportador_uid" = t."uid" ORDER BY et."criado_em", et."embarcador_uid" LIMIT 1
);--> statement-breakpoint
UPDATE "motoristas" m SET "cadastrado_por_embarcador_uid" = COALESCE(
  (SELECT a."embarcador_uid" FROM "auditoria_sistema" a JOIN "embarcadores" e ON e."uid" = a."embarcador_uid"
    WHERE a."registro_uid" = m."uid"::text AND a."acao" = 'criar' ORDER BY a."em" LIMIT 1),
  (SELECT t."embarcador_gestor_uid" FROM "transportadores" t WHERE t."uid" = m."transportador_uid")
);
