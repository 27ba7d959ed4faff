-- Open automatic pre-invoices duplicated by two audits approved at once (before the unique index below):
-- per shipper, carrier and unit (as the model groups them: there is no period on an open one), the oldest
-- keeps every CT-e of the group; the others, emptied, become Cancelada with a note naming the one kept.
CREATE TEMP TABLE liquidacao_fusao AS
  SELECT uid, first_value(uid) OVER (
           PARTITION BY embarcador_uid, transportador_uid, coalesce(unidade_transportador_uid, '00000000-0000-0000-0000-000000000000'::uuid)
           ORDER BY criado_em, uid) AS fica
    FROM pre_faturas WHERE status = 1 AND automatica;
--> statement-breakpoint
DELETE FROM liquidacao_fusao WHERE uid = fica;
--> statement-breakpoint
UPDATE auditorias a SET pre_fatura_uid = f.fica FROM liquidacao_fusao f WHERE a.pre_fatura_uid = f.uid;
--> statement-breakpoint
UPDATE pre_faturas p SET status = 4, valor_total = 0, quantidade_ctes = 0, atualizado_em = now(),
       observacao = left('Fundida na pré-fatura automática ' || f.fica || '.', 500)
  FROM liquidacao_fusao f WHERE p.uid = f.uid;
--> statement-breakpoint
UPDATE pre_faturas p SET
       valor_total = (SELECT coalesce(sum(a.valor_cobrado), 0) FROM auditorias a WHERE a.pre_fatura_uid = p.uid),
       quantidade_ctes = (SELECT count(*) FROM auditorias a WHERE a.pre_fatura_uid = p.uid)::int, atualizado_em = now()
 WHERE p.uid IN (SELECT DISTINCT fica FROM liquidacao_fusao);
--> statement-breakpoint
DROP TABLE liquidacao_fusao;
--> statement-breakpoint
CREATE INDEX "ctes_original_uid_idx" ON "ctes" USING btree ("cte_original_uid") WHERE "ctes"."cte_original_uid" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "pre_faturas_automatica_aberta_uq" ON "pre_faturas" USING btree ("embarcador_uid","transportador_uid",coalesce("unidade_transportador_uid", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "pre_faturas"."status" = 1 and "pre_faturas"."automatica";