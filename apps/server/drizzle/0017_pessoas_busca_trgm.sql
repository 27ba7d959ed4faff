-- GET /pessoas/list "contains" search over the stored, normalised pessoas.busca
-- (f_norm(nome || ' ' || nome_fantasia)): the GIN trigram index finds the candidates and the heap
-- recheck is a plain LIKE on stored text (no f_norm per row), 3-5x faster than over f_norm(nome).
CREATE INDEX IF NOT EXISTS "pessoas_busca_trgm_idx" ON "pessoas" USING gin ("busca" gin_trgm_ops);
