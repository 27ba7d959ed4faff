-- The default grants that migrations 0031, 0036, 0040 and 0042 gave by hand are now declared in the
-- permission catalogue (core `RecursoDef.concessao`) and applied once per database at start-up
-- (db/concessoes.ts). Databases that ran those migrations already have them: record them as given, so a
-- role an administrator has since narrowed is never widened again.
INSERT INTO concessoes_aplicadas (recurso) VALUES
  ('solicitacoesfrete'), ('cotacoesfrete'), ('embarque'), ('notificacoes'), ('ordenscoleta'), ('pedidos'),
  ('planejamento-carga'), ('relatorios'), ('bi'), ('eventos-ocorrencia'), ('tracking'), ('fatura')
ON CONFLICT DO NOTHING;
