-- GET /pessoas/list orders by the normalised name (accent/case-insensitive alphabetical order) and,
-- for 1-2 letter terms, matches names by prefix: one btree over f_norm(nome) with text_pattern_ops
-- serves both (LIKE 'ma%' range and ORDER BY f_norm(nome) USING ~<~, LIMIT 20 without sorting),
-- whatever the database collation.
CREATE INDEX IF NOT EXISTS "pessoas_nome_norm_idx" ON "pessoas" USING btree ("embarcador_uid", f_norm("nome") text_pattern_ops);
