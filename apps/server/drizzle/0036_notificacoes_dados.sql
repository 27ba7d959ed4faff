-- Issue 11 (notifications): roles that manage roles and users (every action of papeis) also manage
-- notification groups and parameters. The inbox itself needs no permission (every user reads their own).
UPDATE papeis SET permissoes = permissoes || '{"notificacoes": ["ler", "criar", "alterar", "excluir"]}'::jsonb
WHERE tipo = 1 AND permissoes->'papeis' @> '["ler", "criar", "alterar", "excluir"]'::jsonb AND NOT permissoes ? 'notificacoes';
