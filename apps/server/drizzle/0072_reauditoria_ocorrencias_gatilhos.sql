-- Marks the NF-es whose occurrence charges changed, for auditorias/reauditoria-ocorrencias.ts: an event of a
-- kind that charges (acao 3 = ACAO_OCORRENCIA.COBRANCA_ADICIONAL of packages/core, with a charge) or of a failed
-- delivery attempt (acao 2 = TENTATIVA_ENTREGA: a re-delivery CT-e is then no duplicate) inserted,
-- updated (its kind, note, carrier or time) or deleted; or a kind whose charge changed. Statement triggers
-- with transition tables: an OCOREN of 50,000 events marks its NF-es in one set-based insert.
CREATE FUNCTION marcar_reauditoria_eventos_novos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reauditoria_ocorrencias (embarcador_uid, nfe_uid)
  SELECT DISTINCT e.embarcador_uid, e.nfe_uid FROM novos e JOIN ocorrencias o ON o.uid = e.ocorrencia_uid
   WHERE e.nfe_uid IS NOT NULL AND (o.acao = 3 AND o.valor_cobranca IS NOT NULL OR o.acao = 2)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION marcar_reauditoria_eventos_antigos() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reauditoria_ocorrencias (embarcador_uid, nfe_uid)
  SELECT DISTINCT e.embarcador_uid, e.nfe_uid FROM antigos e JOIN ocorrencias o ON o.uid = e.ocorrencia_uid
   WHERE e.nfe_uid IS NOT NULL AND (o.acao = 3 AND o.valor_cobranca IS NOT NULL OR o.acao = 2)
     -- a cascade from a deleted NF-e or shipper has nothing left to re-audit
     AND EXISTS (SELECT 1 FROM nfes n WHERE n.uid = e.nfe_uid) AND EXISTS (SELECT 1 FROM embarcadores b WHERE b.uid = e.embarcador_uid)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_reauditoria_ins AFTER INSERT ON eventos_ocorrencia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION marcar_reauditoria_eventos_novos();
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_reauditoria_upd_novos AFTER UPDATE ON eventos_ocorrencia
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION marcar_reauditoria_eventos_novos();
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_reauditoria_upd_antigos AFTER UPDATE ON eventos_ocorrencia
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION marcar_reauditoria_eventos_antigos();
--> statement-breakpoint
CREATE TRIGGER eventos_ocorrencia_reauditoria_del AFTER DELETE ON eventos_ocorrencia
  REFERENCING OLD TABLE AS antigos FOR EACH STATEMENT EXECUTE FUNCTION marcar_reauditoria_eventos_antigos();
--> statement-breakpoint
-- A kind whose charge changed (or that starts/stops charging): every NF-e with an event of it.
CREATE FUNCTION marcar_reauditoria_tipo_ocorrencia() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO reauditoria_ocorrencias (embarcador_uid, nfe_uid)
  SELECT DISTINCT e.embarcador_uid, e.nfe_uid FROM eventos_ocorrencia e
   WHERE e.ocorrencia_uid = NEW.uid AND e.nfe_uid IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ocorrencias_reauditoria_cobranca AFTER UPDATE ON ocorrencias FOR EACH ROW
  WHEN (OLD.acao IS DISTINCT FROM NEW.acao OR OLD.tipo_cobranca IS DISTINCT FROM NEW.tipo_cobranca
        OR OLD.valor_cobranca IS DISTINCT FROM NEW.valor_cobranca)
  EXECUTE FUNCTION marcar_reauditoria_tipo_ocorrencia();
