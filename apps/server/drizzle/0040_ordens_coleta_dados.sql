-- Issue 11, pickup orders: roles that run procurement (every action of cotacoesfrete) get every action
-- of pickup orders; carrier roles (tipo 2) read them — they only ever see the orders sent to their
-- carrier, and confirm or refuse them through actions that need no more than 'ler'.
UPDATE papeis SET permissoes = permissoes || '{"ordenscoleta": ["ler", "criar", "alterar", "excluir"]}'::jsonb
WHERE tipo = 1 AND permissoes->'cotacoesfrete' @> '["ler", "criar", "alterar", "excluir"]'::jsonb;
--> statement-breakpoint
UPDATE papeis SET permissoes = permissoes || '{"ordenscoleta": ["ler"]}'::jsonb WHERE tipo = 2 AND NOT permissoes ? 'ordenscoleta';
