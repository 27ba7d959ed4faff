-- Issue 11: existing roles get the new procurement permissions. Full administrators (every action of
-- tabelasfrete) get every action of requests and quotations; carrier roles (tipo 2) read quotations
-- (they only ever see the ones they were invited to, and answer them).
UPDATE papeis SET permissoes = permissoes
  || '{"solicitacoesfrete": ["ler", "criar", "alterar", "excluir"], "cotacoesfrete": ["ler", "criar", "alterar", "excluir", "aprovar"], "embarque": ["ler", "criar", "alterar", "excluir"]}'::jsonb
WHERE tipo = 1 AND permissoes->'tabelasfrete' @> '["ler", "criar", "alterar", "excluir"]'::jsonb;
--> statement-breakpoint
UPDATE papeis SET permissoes = permissoes || '{"cotacoesfrete": ["ler"]}'::jsonb WHERE tipo = 2 AND NOT permissoes ? 'cotacoesfrete';
