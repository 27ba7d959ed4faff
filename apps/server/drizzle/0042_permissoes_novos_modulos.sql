-- Roles of databases created before orders, load planning, reports/BI and occurrence events existed
-- receive them as the demo seed gives them to new ones (a fresh database gets them from the seed):
-- roles that run procurement (every action of cotacoesfrete) plan loads and keep orders; roles that read
-- audits read reports and the dashboard; roles that keep occurrences record events and follow tracking.
UPDATE papeis SET permissoes = permissoes || '{"pedidos": ["ler", "criar", "alterar", "excluir"], "planejamento-carga": ["ler", "criar", "alterar", "excluir"]}'::jsonb
WHERE tipo = 1 AND permissoes->'cotacoesfrete' @> '["ler", "criar", "alterar", "excluir"]'::jsonb AND NOT permissoes ? 'pedidos';
--> statement-breakpoint
UPDATE papeis SET permissoes = permissoes || '{"relatorios": ["ler"], "bi": ["ler", "alterar"]}'::jsonb
WHERE tipo = 1 AND permissoes ? 'auditorias' AND NOT permissoes ? 'relatorios';
--> statement-breakpoint
UPDATE papeis SET permissoes = permissoes || '{"eventos-ocorrencia": ["ler", "criar", "alterar", "excluir"], "tracking": ["ler", "alterar"]}'::jsonb
WHERE tipo = 1 AND permissoes->'ocorrencias' @> '["ler", "criar", "alterar", "excluir"]'::jsonb AND NOT permissoes ? 'eventos-ocorrencia';
--> statement-breakpoint
UPDATE papeis SET permissoes = permissoes || '{"eventos-ocorrencia": ["ler", "criar", "alterar"], "tracking": ["ler"], "fatura": ["ler"]}'::jsonb
WHERE tipo = 2 AND NOT permissoes ? 'eventos-ocorrencia';
