-- Custom SQL migration file, put your code below! --
-- Maintained row counts per tenant (framework/contagem.ts; table contagem_linhas in db/schema/sistema.ts).
-- Statement triggers with transition tables append one delta row per statement and tenant: an import of
-- 40,000 rows in batches writes one row per batch, and concurrent writers of one tenant never wait on
-- each other (no counter row is updated in place). About one statement in 16 also folds its tenants'
-- deltas into one row, behind a try-lock so two folds of one tenant never run at once (the other skips).
-- A table gets a maintained count by the three triggers below plus the truncate one, and its name in
-- TABELAS_CONTADAS (framework/contagem.ts); it must have a non-null embarcador_uid.
CREATE OR REPLACE FUNCTION contagem_compactar(p_tabela text, p_embarcador uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('contagem_linhas'), hashtext(p_tabela || ':' || p_embarcador::text)) THEN
    RETURN;
  END IF;
  WITH apagadas AS (
    DELETE FROM contagem_linhas WHERE tabela = p_tabela AND embarcador_uid = p_embarcador RETURNING n
  )
  INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
    SELECT p_tabela, p_embarcador, sum(n) FROM apagadas HAVING count(*) > 1 OR sum(n) <> 0;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contagem_linhas_gatilho() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e uuid;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM contagem_linhas WHERE tabela = TG_TABLE_NAME;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
      SELECT TG_TABLE_NAME, embarcador_uid, count(*) FROM contagem_novas WHERE embarcador_uid IS NOT NULL GROUP BY embarcador_uid;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
      SELECT TG_TABLE_NAME, embarcador_uid, -count(*) FROM contagem_antigas WHERE embarcador_uid IS NOT NULL GROUP BY embarcador_uid;
  ELSE
    -- An update counts only when it moves rows from one tenant to another.
    INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
      SELECT TG_TABLE_NAME, x.embarcador_uid, sum(x.d) FROM (
        SELECT embarcador_uid, 1 AS d FROM contagem_novas
        UNION ALL SELECT embarcador_uid, -1 FROM contagem_antigas
      ) x WHERE x.embarcador_uid IS NOT NULL GROUP BY x.embarcador_uid HAVING sum(x.d) <> 0;
  END IF;
  IF random() < 0.0625 THEN
    IF TG_OP = 'DELETE' THEN
      FOR e IN SELECT DISTINCT embarcador_uid FROM contagem_antigas WHERE embarcador_uid IS NOT NULL LOOP
        PERFORM contagem_compactar(TG_TABLE_NAME, e);
      END LOOP;
    ELSE
      FOR e IN SELECT DISTINCT embarcador_uid FROM contagem_novas WHERE embarcador_uid IS NOT NULL LOOP
        PERFORM contagem_compactar(TG_TABLE_NAME, e);
      END LOOP;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER contagem_insert AFTER INSERT ON pessoas REFERENCING NEW TABLE AS contagem_novas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_update AFTER UPDATE ON pessoas REFERENCING OLD TABLE AS contagem_antigas NEW TABLE AS contagem_novas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_delete AFTER DELETE ON pessoas REFERENCING OLD TABLE AS contagem_antigas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_truncate AFTER TRUNCATE ON pessoas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
  SELECT 'pessoas', embarcador_uid, count(*) FROM pessoas WHERE embarcador_uid IS NOT NULL GROUP BY embarcador_uid;
--> statement-breakpoint
CREATE TRIGGER contagem_insert AFTER INSERT ON centros_custo REFERENCING NEW TABLE AS contagem_novas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_update AFTER UPDATE ON centros_custo REFERENCING OLD TABLE AS contagem_antigas NEW TABLE AS contagem_novas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_delete AFTER DELETE ON centros_custo REFERENCING OLD TABLE AS contagem_antigas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_truncate AFTER TRUNCATE ON centros_custo
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
  SELECT 'centros_custo', embarcador_uid, count(*) FROM centros_custo WHERE embarcador_uid IS NOT NULL GROUP BY embarcador_uid;
