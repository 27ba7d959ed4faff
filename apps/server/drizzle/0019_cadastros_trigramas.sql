-- "Contains" filters (f_norm(col) like '%...%') on the simple registers use trigram indexes.
CREATE INDEX IF NOT EXISTS centros_custo_nome_trgm ON centros_custo USING gin (f_norm(nome) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS departamentos_nome_trgm ON departamentos USING gin (f_norm(nome) gin_trgm_ops);
