-- The dashboard's "divergências" and "conta frete" cards and the audit part of the carrier scorecard (bi/transportadora)
-- read summaries kept by the generic function and trigger of *_bi_resumo_auditorias.sql (resumo_bi_aplicar /
-- resumo_bi_gatilho), declared in resumo_bi_definicoes like the others.
-- resumo_bi_auditorias gains the comparison's result (resultado_calculo): 1 approved, 2 divergent (with |diferença|,
-- and whether it had one, so a sum over divergences without any difference reads "0" as the raw aggregate does).
-- The view's new columns come last, in the order of the per-document table's (resumo_bi_aplicar compares rows with SELECT *).
CREATE OR REPLACE VIEW resumo_bi_auditorias_v AS
SELECT a.uid AS doc, a.embarcador_uid, (a.emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, a.transportador_uid, cu.destino_uf AS uf,
  1 AS auditadas, (a.status = 1)::int AS aprovadas, (a.status = 2)::int AS divergentes, (a.status = 4)::int AS aceitas, (a.status = 3)::int AS sem_calculo,
  (a.resultado_calculo = 1)::int AS calculo_aprovado, (a.resultado_calculo = 2)::int AS calculo_divergente,
  (a.resultado_calculo = 2 AND a.diferenca IS NOT NULL)::int AS divergencia_valorada,
  CASE WHEN a.resultado_calculo = 2 THEN coalesce(abs(a.diferenca), 0) ELSE 0 END::numeric(18, 2) AS valor_divergencia
FROM auditorias a LEFT JOIN ctes cu ON cu.uid = a.cte_uid
WHERE a.status <> 5;
--> statement-breakpoint
UPDATE resumo_bi_definicoes SET medidas = '{auditadas,aprovadas,divergentes,aceitas,sem_calculo,calculo_aprovado,calculo_divergente,divergencia_valorada,valor_divergencia}'
WHERE resumo = 'resumo_bi_auditorias';
--> statement-breakpoint
-- contaFrete: per freight bill (fatura), its emission day (a date), carrier; 1 bill, 1 if paid (payment date), its value.
CREATE VIEW resumo_bi_contas_frete_v AS
SELECT fa.uid AS doc, fa.embarcador_uid, fa.emissao AS dia, fa.transportador_uid, 1 AS faturas, (fa.data_pagamento IS NOT NULL)::int AS pagas,
  fa.valor::numeric(18, 2) AS valor
FROM faturas fa;
--> statement-breakpoint
INSERT INTO resumo_bi_definicoes VALUES
  ('resumo_bi_contas_frete', 'resumo_bi_contas_frete_v', 'resumo_bi_conta_frete', '{embarcador_uid,dia,transportador_uid}', '{faturas,pagas,valor}');
--> statement-breakpoint
CREATE TRIGGER faturas_resumo_bi3_ins AFTER INSERT ON faturas REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_contas_frete', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER faturas_resumo_bi3_upd AFTER UPDATE ON faturas REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_contas_frete', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER faturas_resumo_bi3_del AFTER DELETE ON faturas REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_contas_frete', 'SELECT uid FROM %1$s');
--> statement-breakpoint
-- What already exists: every audit's row now differs from what it had added (the new measures were 0), so it is
-- subtracted and added again with them; every bill is new.
SELECT resumo_bi_aplicar('resumo_bi_auditorias', array(SELECT uid FROM auditorias));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_contas_frete', array(SELECT uid FROM faturas));
