-- Search-as-you-type on people and products (GET /pessoas/list, /produtos/list and the ftr_ text
-- filters): accent/case-insensitive "contains" through pg_trgm GIN indexes over f_norm(...), the
-- same expression the queries use. Prefix search on documento/codigo uses the text_pattern_ops
-- unique btree indexes of the tables.
CREATE INDEX IF NOT EXISTS "pessoas_nome_trgm_idx" ON "pessoas" USING gin (f_norm("nome") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "pessoas_nome_fantasia_trgm_idx" ON "pessoas" USING gin (f_norm("nome_fantasia") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "produtos_descricao_trgm_idx" ON "produtos" USING gin (f_norm("descricao") gin_trgm_ops);
