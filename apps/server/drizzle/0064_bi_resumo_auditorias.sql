-- BI summaries of audits and of paid CT-es (docs/RELATORIOS-BI.md), kept exact in the same transaction as every write,
-- by ONE generic function and ONE generic trigger function. Each summary is declared in resumo_bi_definicoes:
--   visao      the formula: a view with one row per document (`doc`, the key columns, the measures);
--   documentos what each document added (same columns as the view: what is subtracted when it changes);
--   resumo     the sums per key (unique NULLS NOT DISTINCT on the key columns).
-- resumo_bi_aplicar(resumo, docs) compares the view's rows of those documents with what they had added and,
-- for those that changed, subtracts the old and adds the new (a statement per step, whatever the batch size).
CREATE TABLE resumo_bi_definicoes (
  resumo text PRIMARY KEY,
  visao text NOT NULL,
  documentos text NOT NULL,
  chaves text[] NOT NULL,
  medidas text[] NOT NULL
);
--> statement-breakpoint
-- performancemensalaprovacao: per audit not cancelled, the day of its emission (São Paulo), carrier, the CT-e's destination UF.
CREATE VIEW resumo_bi_auditorias_v AS
SELECT a.uid AS doc, a.embarcador_uid, (a.emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, a.transportador_uid, cu.destino_uf AS uf,
  1 AS auditadas, (a.status = 1)::int AS aprovadas, (a.status = 2)::int AS divergentes, (a.status = 4)::int AS aceitas, (a.status = 3)::int AS sem_calculo
FROM auditorias a LEFT JOIN ctes cu ON cu.uid = a.cte_uid
WHERE a.status <> 5;
--> statement-breakpoint
-- tmciclopedidoplanopagto: per CT-e of an invoice with a payment date: the CT-e's emission day (São Paulo), carrier, UF,
-- the invoice's payment condition; days = payment date − CT-e emission day; the value paid for it.
CREATE VIEW resumo_bi_faturas_v AS
SELECT fc.cte_uid AS doc, fc.embarcador_uid, (c.emissao AT TIME ZONE 'America/Sao_Paulo')::date AS dia, c.transportador_uid, c.destino_uf AS uf,
  fa.condicao_pagamento_uid, 1 AS ctes, fa.data_pagamento - (c.emissao AT TIME ZONE 'America/Sao_Paulo')::date AS soma_dias, fc.valor
FROM fatura_ctes fc JOIN faturas fa ON fa.uid = fc.fatura_uid AND fa.data_pagamento IS NOT NULL JOIN ctes c ON c.uid = fc.cte_uid;
--> statement-breakpoint
INSERT INTO resumo_bi_definicoes VALUES
  ('resumo_bi_auditorias', 'resumo_bi_auditorias_v', 'resumo_bi_auditoria', '{embarcador_uid,dia,transportador_uid,uf}', '{auditadas,aprovadas,divergentes,aceitas,sem_calculo}'),
  ('resumo_bi_faturas', 'resumo_bi_faturas_v', 'resumo_bi_fatura_cte', '{embarcador_uid,dia,transportador_uid,uf,condicao_pagamento_uid}', '{ctes,soma_dias,valor}');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumo_bi_aplicar(p_resumo text, p_docs uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d resumo_bi_definicoes;
  k text; menos text; mais text; soma text; mudaram uuid[];
BEGIN
  IF p_docs IS NULL OR cardinality(p_docs) = 0 THEN RETURN; END IF;
  SELECT * INTO STRICT d FROM resumo_bi_definicoes WHERE resumo = p_resumo;
  k := (SELECT string_agg(quote_ident(c), ', ') FROM unnest(d.chaves) c);
  menos := (SELECT string_agg(format('-coalesce(sum(%I), 0)', c), ', ') FROM unnest(d.medidas) c);
  mais := (SELECT string_agg(format('coalesce(sum(%I), 0)', c), ', ') FROM unnest(d.medidas) c);
  soma := (SELECT string_agg(format('%1$I = s.%1$I + excluded.%1$I', c), ', ') FROM unnest(d.medidas) c);
  -- The documents whose row in the view differs from what they had added (new, changed or gone).
  EXECUTE format('SELECT array(SELECT doc FROM (SELECT * FROM %1$I WHERE doc = ANY ($1) EXCEPT ALL SELECT * FROM %2$I WHERE doc = ANY ($1)) a
      UNION SELECT doc FROM (SELECT * FROM %2$I WHERE doc = ANY ($1) EXCEPT ALL SELECT * FROM %1$I WHERE doc = ANY ($1)) b)', d.visao, d.documentos)
    INTO mudaram USING p_docs;
  IF cardinality(mudaram) = 0 THEN RETURN; END IF;
  EXECUTE format('WITH antigas AS (DELETE FROM %1$I WHERE doc = ANY ($1) RETURNING *)
      INSERT INTO %2$I AS s (%3$s, %4$s) SELECT %3$s, %5$s FROM antigas GROUP BY %3$s
      ON CONFLICT (%3$s) DO UPDATE SET %6$s',
    d.documentos, d.resumo, k, (SELECT string_agg(quote_ident(c), ', ') FROM unnest(d.medidas) c), menos, soma) USING mudaram;
  EXECUTE format('WITH novas AS (INSERT INTO %1$I SELECT * FROM %7$I WHERE doc = ANY ($1) RETURNING *)
      INSERT INTO %2$I AS s (%3$s, %4$s) SELECT %3$s, %5$s FROM novas GROUP BY %3$s
      ON CONFLICT (%3$s) DO UPDATE SET %6$s',
    d.documentos, d.resumo, k, (SELECT string_agg(quote_ident(c), ', ') FROM unnest(d.medidas) c), mais, soma, d.visao) USING mudaram;
END $$;
--> statement-breakpoint
-- The generic trigger (FOR EACH STATEMENT, transition tables `novas` / `antigas`). Arguments in pairs: a summary and
-- the SELECT of its documents touched by the rows of the transition table `%1$s`.
CREATE OR REPLACE FUNCTION resumo_bi_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  i int := 0; docs uuid[]; parte uuid[];
BEGIN
  WHILE i + 1 < TG_NARGS LOOP
    docs := '{}';
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
      EXECUTE format('SELECT array(' || TG_ARGV[i + 1] || ')', 'novas') INTO parte;
      docs := docs || parte;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      EXECUTE format('SELECT array(' || TG_ARGV[i + 1] || ')', 'antigas') INTO parte;
      docs := docs || parte;
    END IF;
    PERFORM resumo_bi_aplicar(TG_ARGV[i], array(SELECT DISTINCT x FROM unnest(docs) x WHERE x IS NOT NULL));
    i := i + 2;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER auditorias_resumo_bi2_ins AFTER INSERT ON auditorias REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_auditorias', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER auditorias_resumo_bi2_upd AFTER UPDATE ON auditorias REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_auditorias', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER auditorias_resumo_bi2_del AFTER DELETE ON auditorias REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_auditorias', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER ctes_resumo_bi2_ins AFTER INSERT ON ctes REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho(
  'resumo_bi_auditorias', 'SELECT a.uid FROM auditorias a JOIN %1$s t ON a.cte_uid = t.uid', 'resumo_bi_faturas', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER ctes_resumo_bi2_upd AFTER UPDATE ON ctes REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho(
  'resumo_bi_auditorias', 'SELECT a.uid FROM auditorias a JOIN %1$s t ON a.cte_uid = t.uid', 'resumo_bi_faturas', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER ctes_resumo_bi2_del AFTER DELETE ON ctes REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho(
  'resumo_bi_auditorias', 'SELECT a.uid FROM auditorias a JOIN %1$s t ON a.cte_uid = t.uid', 'resumo_bi_faturas', 'SELECT uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER faturas_resumo_bi2_upd AFTER UPDATE ON faturas REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho(
  'resumo_bi_faturas', 'SELECT fc.cte_uid FROM fatura_ctes fc JOIN %1$s t ON fc.fatura_uid = t.uid');
--> statement-breakpoint
CREATE TRIGGER faturas_resumo_bi2_del AFTER DELETE ON faturas REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho(
  'resumo_bi_faturas', 'SELECT fc.cte_uid FROM fatura_ctes fc JOIN %1$s t ON fc.fatura_uid = t.uid');
--> statement-breakpoint
CREATE TRIGGER fatura_ctes_resumo_bi2_ins AFTER INSERT ON fatura_ctes REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_faturas', 'SELECT cte_uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER fatura_ctes_resumo_bi2_upd AFTER UPDATE ON fatura_ctes REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_faturas', 'SELECT cte_uid FROM %1$s');
--> statement-breakpoint
CREATE TRIGGER fatura_ctes_resumo_bi2_del AFTER DELETE ON fatura_ctes REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_gatilho('resumo_bi_faturas', 'SELECT cte_uid FROM %1$s');
--> statement-breakpoint
-- What already exists.
SELECT resumo_bi_aplicar('resumo_bi_auditorias', array(SELECT uid FROM auditorias));
--> statement-breakpoint
SELECT resumo_bi_aplicar('resumo_bi_faturas', array(SELECT DISTINCT cte_uid FROM fatura_ctes));
