CREATE TABLE "resumo_bi_conta_frete_uf" (
	"doc" uuid NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"faturas" integer NOT NULL,
	"pagas" integer NOT NULL,
	"valor" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_contas_frete_uf" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"faturas" integer NOT NULL,
	"pagas" integer NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	CONSTRAINT "resumo_bi_contas_frete_uf_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_convite" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"convites" integer NOT NULL,
	"respostas" integer NOT NULL,
	"vencidas" integer NOT NULL,
	"finalizadas" integer NOT NULL,
	"aprovado_valorado" integer NOT NULL,
	"valor_aprovado" numeric(18, 2) NOT NULL,
	"alvo_valorado" integer NOT NULL,
	"valor_alvo" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_convites" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"convites" integer NOT NULL,
	"respostas" integer NOT NULL,
	"vencidas" integer NOT NULL,
	"finalizadas" integer NOT NULL,
	"aprovado_valorado" integer NOT NULL,
	"valor_aprovado" numeric(18, 2) NOT NULL,
	"alvo_valorado" integer NOT NULL,
	"valor_alvo" numeric(18, 2) NOT NULL,
	CONSTRAINT "resumo_bi_convites_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_cotacao" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"cotacoes" integer NOT NULL,
	"convites" integer NOT NULL,
	"respostas" integer NOT NULL,
	"finalizadas" integer NOT NULL,
	"aprovado_valorado" integer NOT NULL,
	"valor_aprovado" numeric(18, 2) NOT NULL,
	"alvo_valorado" integer NOT NULL,
	"valor_alvo" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_cotacoes" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"cotacoes" integer NOT NULL,
	"convites" integer NOT NULL,
	"respostas" integer NOT NULL,
	"finalizadas" integer NOT NULL,
	"aprovado_valorado" integer NOT NULL,
	"valor_aprovado" numeric(18, 2) NOT NULL,
	"alvo_valorado" integer NOT NULL,
	"valor_alvo" numeric(18, 2) NOT NULL,
	CONSTRAINT "resumo_bi_cotacoes_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_evento" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"ocorrencia_uid" uuid,
	"eventos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_eventos" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"ocorrencia_uid" uuid,
	"eventos" integer NOT NULL,
	CONSTRAINT "resumo_bi_eventos_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","ocorrencia_uid")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_ocorrencias_nota" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"eventos" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_ocorrencias_notas" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"eventos" integer NOT NULL,
	CONSTRAINT "resumo_bi_ocorrencias_notas_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_pendente" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"data_prevista" date,
	"excecao" boolean NOT NULL,
	"ultima_noticia" date NOT NULL,
	"notas" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_pendentes" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"data_prevista" date,
	"excecao" boolean NOT NULL,
	"ultima_noticia" date NOT NULL,
	"notas" integer NOT NULL,
	CONSTRAINT "resumo_bi_pendentes_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf","data_prevista","excecao","ultima_noticia")
);
--> statement-breakpoint
CREATE INDEX "resumo_bi_conta_frete_uf_doc_idx" ON "resumo_bi_conta_frete_uf" USING btree ("doc");--> statement-breakpoint
-- bi/cotacoes, the scorecard's quotation and occurrence columns, bi/tracking (undelivered notes and events by kind) and the "conta frete"
-- card with a UF filter read summaries kept by the generic function and trigger of *_bi_resumo_auditorias.sql
-- (resumo_bi_aplicar / resumo_bi_gatilho), declared in resumo_bi_definicoes like the others.
-- Each view's columns are the per-document table's, in its order (resumo_bi_aplicar compares rows with SELECT * and
-- inserts the view's rows positionally): a later migration adds columns at the END of both (CREATE OR REPLACE VIEW
-- only accepts new columns last). bi.test.ts checks every declared view against its table.
--
-- Quotations: per quotation, its São Paulo day of creation; 1 quotation, its invitations and answers; if finalized
-- (status 4) its approved and target values and whether it had them (an all-null sum reads "0" as the raw one).
CREATE VIEW resumo_bi_cotacoes_v AS
SELECT c.uid AS doc, c.embarcador_uid, (c.criado_em AT TIME ZONE 'America/Sao_Paulo')::date AS dia,
  1 AS cotacoes, k.convites, k.respostas, (c.status = 4)::int AS finalizadas,
  (c.status = 4 AND c.valor_aprovado IS NOT NULL)::int AS aprovado_valorado,
  CASE WHEN c.status = 4 THEN coalesce(c.valor_aprovado, 0) ELSE 0 END::numeric(18, 2) AS valor_aprovado,
  (c.status = 4 AND c.valor_alvo IS NOT NULL)::int AS alvo_valorado,
  CASE WHEN c.status = 4 THEN coalesce(c.valor_alvo, 0) ELSE 0 END::numeric(18, 2) AS valor_alvo
FROM cotacoes_frete c
CROSS JOIN LATERAL (SELECT count(*)::int AS convites, count(ct.respondido_em)::int AS respostas FROM cotacao_transportadores ct WHERE ct.cotacao_uid = c.uid) k;
--> statement-breakpoint
-- Invitations: per carrier invited to a quotation (one row per pair: cotacao_transportadores_uq), the quotation's day;
-- 1 invitation, answered, won (the finalized quotation's winner), and the quotation's finalized values (a carrier's
-- bi/cotacoes counts the quotations it was invited to).
CREATE VIEW resumo_bi_convites_v AS
SELECT ct.uid AS doc, c.embarcador_uid, (c.criado_em AT TIME ZONE 'America/Sao_Paulo')::date AS dia, ct.transportador_uid,
  1 AS convites, (ct.respondido_em IS NOT NULL)::int AS respostas,
  (c.status = 4 AND c.vencedor_transportador_uid IS NOT DISTINCT FROM ct.transportador_uid)::int AS vencidas,
  (c.status = 4)::int AS finalizadas,
  (c.status = 4 AND c.valor_aprovado IS NOT NULL)::int AS aprovado_valorado,
  CASE WHEN c.status = 4 THEN coalesce(c.valor_aprovado, 0) ELSE 0 END::numeric(18, 2) AS valor_aprovado,
  (c.status = 4 AND c.valor_alvo IS NOT NULL)::int AS alvo_valorado,
  CASE WHEN c.status = 4 THEN coalesce(c.valor_alvo, 0) ELSE 0 END::numeric(18, 2) AS valor_alvo
FROM cotacao_transportadores ct JOIN cotacoes_frete c ON c.uid = ct.cotacao_uid;
--> statement-breakpoint
-- Occurrence events: per event, its São Paulo day, the event's carrier and kind (null: no de-para).
CREATE VIEW resumo_bi_eventos_v AS
SELECT e.uid AS doc, e.embarcador_uid, (e.data_hora AT TIME ZONE 'America/Sao_Paulo')::date AS dia, e.transportador_uid, e.ocorrencia_uid, 1 AS eventos
FROM eventos_ocorrencia e;
--> statement-breakpoint
-- Undelivered notes (counted by the BI: not cancelled, not a replaced virtual note; no delivery date, or no tracking row
-- yet): the inputs of the status that depends on today — promised date, exception flag, São Paulo day of the last news
-- (last event, else emission) — so the reader applies statusRastreioSql to a few rows per key.
CREATE VIEW resumo_bi_pendentes_v AS
SELECT n.uid AS doc, n.embarcador_uid, (n.emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, n.transportador_uid, n.destinatario_uf AS uf,
  r.data_prevista, coalesce(r.excecao, false) AS excecao, (coalesce(r.ultimo_evento_em, n.emissao) AT TIME ZONE 'America/Sao_Paulo')::date AS ultima_noticia,
  1 AS notas
FROM nfes n LEFT JOIN rastreios r ON r.nfe_uid = n.uid
WHERE NOT n.cancelada AND n.substituida_por_uid IS NULL AND r.data_entrega IS NULL;
--> statement-breakpoint
-- Bills per destination UF of their CT-es: one row per bill and UF; 1 bill, 1 if paid, the value of its CT-es to that UF
-- (Σ fatura_ctes.valor). A bill without CT-es has no UF row (it is only in resumo_bi_contas_frete).
CREATE VIEW resumo_bi_contas_frete_uf_v AS
SELECT fa.uid AS doc, fa.embarcador_uid, fa.emissao AS dia, fa.transportador_uid, c.destino_uf AS uf,
  1 AS faturas, (fa.data_pagamento IS NOT NULL)::int AS pagas, sum(fc.valor)::numeric(18, 2) AS valor
FROM faturas fa JOIN fatura_ctes fc ON fc.fatura_uid = fa.uid LEFT JOIN ctes c ON c.uid = fc.cte_uid
GROUP BY fa.uid, c.destino_uf;
--> statement-breakpoint
-- The scorecard's occurrences per 100 deliveries: per counted note with events of a kind other than "delivered" (action
-- 1), the note's key (emission day, carrier, UF) and how many such events it has.
CREATE VIEW resumo_bi_ocorrencias_notas_v AS
SELECT n.uid AS doc, n.embarcador_uid, (n.emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, n.transportador_uid, n.destinatario_uf AS uf, k.eventos
FROM nfes n
CROSS JOIN LATERAL (SELECT count(*)::int AS eventos FROM eventos_ocorrencia e JOIN ocorrencias o ON o.uid = e.ocorrencia_uid AND o.acao <> 1 WHERE e.nfe_uid = n.uid) k
WHERE NOT n.cancelada AND n.substituida_por_uid IS NULL AND k.eventos > 0;
--> statement-breakpoint
INSERT INTO resumo_bi_definicoes VALUES
  ('resumo_bi_ocorrencias_notas', 'resumo_bi_ocorrencias_notas_v', 'resumo_bi_ocorrencias_nota', '{embarcador_uid,dia,transportador_uid,uf}', '{eventos}'),
  ('resumo_bi_cotacoes', 'resumo_bi_cotacoes_v', 'resumo_bi_cotacao', '{embarcador_uid,dia}',
    '{cotacoes,convites,respostas,finalizadas,aprovado_valorado,valor_aprovado,alvo_valorado,valor_alvo}'),
  ('resumo_bi_convites', 'resumo_bi_convites_v', 'resumo_bi_convite', '{embarcador_uid,dia,transportador_uid}',
    '{convites,respostas,vencidas,finalizadas,aprovado_valorado,valor_aprovado,alvo_valorado,valor_alvo}'),
  ('resumo_bi_eventos', 'resumo_bi_eventos_v', 'resumo_bi_evento', '{embarcador_uid,dia,transportador_uid,ocorrencia_uid}', '{eventos}'),
  ('resumo_bi_pendentes', 'resumo_bi_pendentes_v', 'resumo_bi_pendente', '{embarcador_uid,dia,transportador_uid,uf,data_prevista,excecao,ultima_noticia}', '{notas}'),
  ('resumo_bi_contas_frete_uf', 'resumo_bi_contas_frete_uf_v', 'resumo_bi_conta_frete_uf', '{embarcador_uid,dia,transportador_uid,uf}', '{faturas,pagas,valor}');
--> statement-breakpoint
-- The INSERT / UPDATE / DELETE triggers `<tabela>_resumo_bi4_<op>` of a table, each calling resumo_bi_gatilho with
-- the pairs (summary, SELECT of its documents touched by the transition table %1$s) in p_args.
CREATE OR REPLACE FUNCTION resumo_bi_criar_gatilhos(p_tabela text, p_ops text[], p_args text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  op text;
  args text := (SELECT string_agg(quote_literal(a), ', ') FROM unnest(p_args) a);
BEGIN
  FOREACH op IN ARRAY p_ops LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho(%s)',
      p_tabela || '_resumo_bi4_' || op, CASE op WHEN 'ins' THEN 'INSERT' WHEN 'upd' THEN 'UPDATE' ELSE 'DELETE' END, p_tabela,
      CASE op WHEN 'ins' THEN 'NEW TABLE AS novas' WHEN 'upd' THEN 'OLD TABLE AS antigas NEW TABLE AS novas' ELSE 'OLD TABLE AS antigas' END, args);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('cotacoes_frete', '{ins,upd}', ARRAY['resumo_bi_cotacoes', 'SELECT uid FROM %1$s',
  'resumo_bi_convites', 'SELECT ct.uid FROM cotacao_transportadores ct JOIN %1$s t ON ct.cotacao_uid = t.uid']);
--> statement-breakpoint
-- A deleted quotation's invitations go by the cascade, whose own trigger subtracts them.
SELECT resumo_bi_criar_gatilhos('cotacoes_frete', '{del}', ARRAY['resumo_bi_cotacoes', 'SELECT uid FROM %1$s']);
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('cotacao_transportadores', '{ins,upd,del}', ARRAY['resumo_bi_cotacoes', 'SELECT cotacao_uid FROM %1$s', 'resumo_bi_convites', 'SELECT uid FROM %1$s']);
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('eventos_ocorrencia', '{ins,upd,del}', ARRAY['resumo_bi_eventos', 'SELECT uid FROM %1$s',
  'resumo_bi_ocorrencias_notas', 'SELECT nfe_uid FROM %1$s']);
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('nfes', '{ins,upd,del}', ARRAY['resumo_bi_pendentes', 'SELECT uid FROM %1$s', 'resumo_bi_ocorrencias_notas', 'SELECT uid FROM %1$s']);
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('rastreios', '{ins,upd,del}', ARRAY['resumo_bi_pendentes', 'SELECT nfe_uid FROM %1$s']);
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('faturas', '{ins,upd,del}', ARRAY['resumo_bi_contas_frete_uf', 'SELECT uid FROM %1$s']);
--> statement-breakpoint
SELECT resumo_bi_criar_gatilhos('fatura_ctes', '{ins,upd,del}', ARRAY['resumo_bi_contas_frete_uf', 'SELECT fatura_uid FROM %1$s']);
--> statement-breakpoint
-- A CT-e's destination UF moves its bills' rows (fatura_ctes has no foreign key to ctes: a CT-e may arrive after its bill line).
SELECT resumo_bi_criar_gatilhos('ctes', '{ins,upd,del}', ARRAY['resumo_bi_contas_frete_uf', 'SELECT fc.fatura_uid FROM fatura_ctes fc JOIN %1$s t ON fc.cte_uid = t.uid']);
--> statement-breakpoint
-- What already exists.
SELECT resumo_bi_aplicar('resumo_bi_cotacoes', array(SELECT uid FROM cotacoes_frete));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_convites', array(SELECT uid FROM cotacao_transportadores));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_eventos', array(SELECT uid FROM eventos_ocorrencia));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_pendentes', array(SELECT uid FROM nfes));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_contas_frete_uf', array(SELECT uid FROM faturas));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_ocorrencias_notas', array(SELECT DISTINCT nfe_uid FROM eventos_ocorrencia WHERE nfe_uid IS NOT NULL));
