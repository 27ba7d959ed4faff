-- Freight tables gained the action 'aprovar' (maker–checker, issue 9): with the approval setting on,
-- activating a new or readjusted table needs it. Roles of existing databases that change tables keep
-- being able to approve them (a fresh database gets it from the seed: the administrator has every action).
UPDATE papeis SET permissoes = jsonb_set(permissoes, '{tabelasfrete}', (permissoes->'tabelasfrete') || '["aprovar"]'::jsonb)
WHERE tipo = 1 AND permissoes->'tabelasfrete' @> '["alterar"]'::jsonb AND NOT permissoes->'tabelasfrete' @> '["aprovar"]'::jsonb;
