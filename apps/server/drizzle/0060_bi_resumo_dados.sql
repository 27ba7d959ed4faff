-- BI summary tables (docs/BI.md), kept exact in the same transaction as every write.
-- resumo_bi_nota: what each counted NF-e (not cancelled, not replaced) adds; resumo_bi_notas: its sums per key.
-- resumo_bi_aplicar_notas(uids) subtracts what those notes had added, recomputes them from the raw tables
-- (nfes, rastreios, eventos_ocorrencia: the same rules as modules/bi/sql.ts entregas()) and adds them back.
-- Statement-level triggers with transition tables: one call per statement, whatever the batch size.
CREATE OR REPLACE FUNCTION resumo_bi_aplicar_notas(p_uids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_uids IS NULL OR cardinality(p_uids) = 0 THEN RETURN; END IF;
  WITH antigas AS (
    DELETE FROM resumo_bi_nota WHERE nfe_uid = ANY (p_uids) RETURNING *
  )
  INSERT INTO resumo_bi_notas AS s (embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro, notas, valor_total, entregues,
    soma_dias_entrega, com_prazo, no_prazo, com_atraso, soma_dias_atraso, primeira_tentativa)
  SELECT embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro, -count(*), -sum(valor_total), -sum(entregue),
    -coalesce(sum(dias_entrega), 0), -sum(com_prazo), -sum(no_prazo), -sum(com_atraso), -sum(dias_atraso), -sum(primeira_tentativa)
  FROM antigas GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro) DO UPDATE SET
    notas = s.notas + excluded.notas, valor_total = s.valor_total + excluded.valor_total, entregues = s.entregues + excluded.entregues,
    soma_dias_entrega = s.soma_dias_entrega + excluded.soma_dias_entrega, com_prazo = s.com_prazo + excluded.com_prazo,
    no_prazo = s.no_prazo + excluded.no_prazo, com_atraso = s.com_atraso + excluded.com_atraso,
    soma_dias_atraso = s.soma_dias_atraso + excluded.soma_dias_atraso, primeira_tentativa = s.primeira_tentativa + excluded.primeira_tentativa;

  WITH novas AS (
    INSERT INTO resumo_bi_nota (nfe_uid, embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro, valor_total, entregue, dias_entrega,
      com_prazo, no_prazo, com_atraso, dias_atraso, primeira_tentativa)
    SELECT n.uid, n.embarcador_uid, (n.emissao AT TIME ZONE 'America/Sao_Paulo')::date, n.transportador_uid, n.destinatario_uf,
      CASE WHEN n.transportador_uid IS NULL THEN n.transportador_nome END,
      coalesce(n.valor_total, 0),
      (ent.entregue_em IS NOT NULL)::int,
      extract(epoch FROM ent.entregue_em - n.emissao) / 86400.0,
      (ent.entregue_em IS NOT NULL AND r.data_prevista IS NOT NULL)::int,
      (r.data_entrega IS NOT NULL AND r.data_prevista IS NOT NULL AND r.data_entrega <= r.data_prevista)::int,
      (r.data_entrega IS NOT NULL AND r.data_prevista IS NOT NULL AND r.data_entrega > r.data_prevista)::int,
      CASE WHEN r.data_entrega IS NOT NULL AND r.data_prevista IS NOT NULL AND r.data_entrega > r.data_prevista THEN r.data_entrega - r.data_prevista ELSE 0 END,
      (ent.entregue_em IS NOT NULL AND coalesce(r.tentativas, 0) = 0)::int
    FROM nfes n
    LEFT JOIN rastreios r ON r.nfe_uid = n.uid
    LEFT JOIN LATERAL (
      SELECT min(e.data_hora) AS entregue_em FROM eventos_ocorrencia e JOIN ocorrencias o ON o.uid = e.ocorrencia_uid
      WHERE e.nfe_uid = n.uid AND o.acao = 1
    ) ent ON r.data_entrega IS NOT NULL
    WHERE n.uid = ANY (p_uids) AND NOT n.cancelada AND n.substituida_por_uid IS NULL
    RETURNING *
  )
  INSERT INTO resumo_bi_notas AS s (embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro, notas, valor_total, entregues,
    soma_dias_entrega, com_prazo, no_prazo, com_atraso, soma_dias_atraso, primeira_tentativa)
  SELECT embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro, count(*), sum(valor_total), sum(entregue),
    coalesce(sum(dias_entrega), 0), sum(com_prazo), sum(no_prazo), sum(com_atraso), sum(dias_atraso), sum(primeira_tentativa)
  FROM novas GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro) DO UPDATE SET
    notas = s.notas + excluded.notas, valor_total = s.valor_total + excluded.valor_total, entregues = s.entregues + excluded.entregues,
    soma_dias_entrega = s.soma_dias_entrega + excluded.soma_dias_entrega, com_prazo = s.com_prazo + excluded.com_prazo,
    no_prazo = s.no_prazo + excluded.no_prazo, com_atraso = s.com_atraso + excluded.com_atraso,
    soma_dias_atraso = s.soma_dias_atraso + excluded.soma_dias_atraso, primeira_tentativa = s.primeira_tentativa + excluded.primeira_tentativa;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumo_bi_nfes_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumo_bi_aplicar_notas(array(SELECT uid FROM novas));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumo_bi_aplicar_notas(array(SELECT uid FROM antigas));
  ELSE
    PERFORM resumo_bi_aplicar_notas(array(
      SELECT n.uid FROM novas n JOIN antigas a ON a.uid = n.uid
      WHERE (n.embarcador_uid, n.emissao, n.transportador_uid, n.transportador_nome, n.destinatario_uf, n.valor_total, n.cancelada, n.substituida_por_uid)
        IS DISTINCT FROM (a.embarcador_uid, a.emissao, a.transportador_uid, a.transportador_nome, a.destinatario_uf, a.valor_total, a.cancelada, a.substituida_por_uid)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumo_bi_rastreios_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumo_bi_aplicar_notas(array(SELECT nfe_uid FROM novas));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumo_bi_aplicar_notas(array(SELECT nfe_uid FROM antigas));
  ELSE
    PERFORM resumo_bi_aplicar_notas(array(
      SELECT n.nfe_uid FROM novas n JOIN antigas a ON a.nfe_uid = n.nfe_uid
      WHERE (n.data_prevista, n.data_entrega, n.tentativas) IS DISTINCT FROM (a.data_prevista, a.data_entrega, a.tentativas)));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumo_bi_eventos_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumo_bi_aplicar_notas(array(SELECT DISTINCT nfe_uid FROM novas WHERE nfe_uid IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumo_bi_aplicar_notas(array(SELECT DISTINCT nfe_uid FROM antigas WHERE nfe_uid IS NOT NULL));
  ELSE
    PERFORM resumo_bi_aplicar_notas(array(
      SELECT DISTINCT u FROM (SELECT n.nfe_uid AS u FROM novas n JOIN antigas a ON a.uid = n.uid
        WHERE (n.nfe_uid, n.data_hora, n.ocorrencia_uid) IS DISTINCT FROM (a.nfe_uid, a.data_hora, a.ocorrencia_uid)
        UNION SELECT a.nfe_uid FROM novas n JOIN antigas a ON a.uid = n.uid
        WHERE (n.nfe_uid, n.data_hora, n.ocorrencia_uid) IS DISTINCT FROM (a.nfe_uid, a.data_hora, a.ocorrencia_uid)) x WHERE u IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- CT-es: the delta is the rows themselves (old subtracted, new added), no per-document table.
CREATE OR REPLACE FUNCTION resumo_bi_somar_ctes(p ctes[], p_sinal int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p IS NULL OR cardinality(p) = 0 THEN RETURN; END IF;
  INSERT INTO resumo_bi_ctes AS s (embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro, ctes, valor_prestacao, valor_carga, peso_carga)
  SELECT c.embarcador_uid, (c.emissao AT TIME ZONE 'America/Sao_Paulo')::date, c.transportador_uid, c.destino_uf,
    CASE WHEN c.transportador_uid IS NULL THEN c.emitente_nome END,
    p_sinal * count(*), p_sinal * coalesce(sum(c.valor_prestacao), 0), p_sinal * coalesce(sum(c.valor_carga), 0), p_sinal * coalesce(sum(c.peso_carga), 0)
  FROM unnest(p) c WHERE NOT c.cancelado GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (embarcador_uid, dia, transportador_uid, uf, nome_sem_cadastro) DO UPDATE SET
    ctes = s.ctes + excluded.ctes, valor_prestacao = s.valor_prestacao + excluded.valor_prestacao,
    valor_carga = s.valor_carga + excluded.valor_carga, peso_carga = s.peso_carga + excluded.peso_carga;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resumo_bi_ctes_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM resumo_bi_somar_ctes(array(SELECT c::ctes FROM novas c), 1);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM resumo_bi_somar_ctes(array(SELECT c::ctes FROM antigas c), -1);
  ELSE
    PERFORM resumo_bi_somar_ctes(array(SELECT a::ctes FROM antigas a JOIN novas n ON n.uid = a.uid
      WHERE (n.embarcador_uid, n.emissao, n.transportador_uid, n.emitente_nome, n.destino_uf, n.valor_prestacao, n.valor_carga, n.peso_carga, n.cancelado)
        IS DISTINCT FROM (a.embarcador_uid, a.emissao, a.transportador_uid, a.emitente_nome, a.destino_uf, a.valor_prestacao, a.valor_carga, a.peso_carga, a.cancelado)), -1);
    PERFORM resumo_bi_somar_ctes(array(SELECT n::ctes FROM antigas a JOIN novas n ON n.uid = a.uid
      WHERE (n.embarcador_uid, n.emissao, n.transportador_uid, n.emitente_nome, n.destino_uf, n.valor_prestacao, n.valor_carga, n.peso_carga, n.cancelado)
        IS DISTINCT FROM (a.embarcador_uid, a.emissao, a.transportador_uid, a.emitente_nome, a.destino_uf, a.valor_prestacao, a.valor_carga, a.peso_carga, a.cancelado)), 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER nfes_resumo_bi_ins AFTER INSERT ON nfes REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_nfes_gatilho();
--> statement-breakpoint
CREATE TRIGGER nfes_resumo_bi_upd AFTER UPDATE ON nfes REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_nfes_gatilho();
--> statement-breakpoint
CREATE TRIGGER nfes_resumo_bi_del AFTER DELETE ON nfes REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_nfes_gatilho();
--> statement-breakpoint
CREATE TRIGGER rastreios_resumo_bi_ins AFTER INSERT ON rastreios REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_rastreios_gatilho();
--> statement-breakpoint
CREATE TRIGGER rastreios_resumo_bi_upd AFTER UPDATE ON rastreios REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_rastreios_gatilho();
--> statement-breakpoint
CREATE TRIGGER rastreios_resumo_bi_del AFTER DELETE ON rastreios REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_rastreios_gatilho();
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_resumo_bi_ins AFTER INSERT ON eventos_ocorrencia REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_eventos_gatilho();
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_resumo_bi_upd AFTER UPDATE ON eventos_ocorrencia REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_eventos_gatilho();
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_resumo_bi_del AFTER DELETE ON eventos_ocorrencia REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_eventos_gatilho();
--> statement-breakpoint
CREATE TRIGGER ctes_resumo_bi_ins AFTER INSERT ON ctes REFERENCING NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_ctes_gatilho();
--> statement-breakpoint
CREATE TRIGGER ctes_resumo_bi_upd AFTER UPDATE ON ctes REFERENCING OLD TABLE AS antigas NEW TABLE AS novas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_ctes_gatilho();
--> statement-breakpoint
CREATE TRIGGER ctes_resumo_bi_del AFTER DELETE ON ctes REFERENCING OLD TABLE AS antigas FOR EACH STATEMENT EXECUTE FUNCTION resumo_bi_ctes_gatilho();
--> statement-breakpoint
-- What already exists (a database migrated with documents in it).
SELECT resumo_bi_aplicar_notas(array(SELECT uid FROM nfes));
--> statement-breakpoint
SELECT resumo_bi_somar_ctes(array(SELECT c FROM ctes c), 1);
