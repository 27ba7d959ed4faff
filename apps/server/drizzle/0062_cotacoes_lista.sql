DROP INDEX "cotacoes_frete_lista_idx";--> statement-breakpoint
CREATE INDEX "cotacoes_frete_lista_idx" ON "cotacoes_frete" USING btree ("embarcador_uid","numero","uid");--> statement-breakpoint
-- Maintained row count of quotations per shipper (framework/contagem.ts, functions of 0055): the unfiltered
-- quotation list of a shipper's user reads it instead of counting 100,000 rows on every page.
CREATE TRIGGER contagem_insert AFTER INSERT ON cotacoes_frete REFERENCING NEW TABLE AS contagem_novas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_update AFTER UPDATE ON cotacoes_frete REFERENCING OLD TABLE AS contagem_antigas NEW TABLE AS contagem_novas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_delete AFTER DELETE ON cotacoes_frete REFERENCING OLD TABLE AS contagem_antigas
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
CREATE TRIGGER contagem_truncate AFTER TRUNCATE ON cotacoes_frete
  FOR EACH STATEMENT EXECUTE FUNCTION contagem_linhas_gatilho();
--> statement-breakpoint
INSERT INTO contagem_linhas (tabela, embarcador_uid, n)
  SELECT 'cotacoes_frete', embarcador_uid, count(*) FROM cotacoes_frete WHERE embarcador_uid IS NOT NULL GROUP BY embarcador_uid;
