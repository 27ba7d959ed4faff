-- The system catalogues every database needs (embarcador_uid null = read-only for shippers):
-- the standard freight components (codes of COMPONENTES_PADRAO in packages/core/src/frete/catalogo.ts)
-- and the transport modes with their usual cubage factor (kg per m³).
INSERT INTO "componentes" ("codigo", "nome", "descricao") VALUES
  ('FRETE_PESO', 'Frete peso', 'Frete calculado sobre o peso taxado (real ou cubado)'),
  ('FRETE_VALOR', 'Frete valor (ad valorem)', 'Percentual sobre o valor da mercadoria'),
  ('GRIS', 'GRIS', 'Gerenciamento de risco: percentual sobre o valor da mercadoria'),
  ('PEDAGIO', 'Pedágio', 'Cobrado por fração de 100 kg ou por viagem'),
  ('TAS', 'TAS', 'Taxa administrativa do SEFAZ'),
  ('DESPACHO', 'Taxa de despacho', 'Emissão de documentos por embarque'),
  ('TDE', 'TDE', 'Taxa de dificuldade de entrega'),
  ('TRT', 'TRT', 'Taxa de restrição de trânsito'),
  ('TDA', 'TDA', 'Taxa de difícil acesso'),
  ('COLETA', 'Coleta', 'Coleta no remetente'),
  ('ENTREGA', 'Entrega', 'Entrega no destinatário');
--> statement-breakpoint
INSERT INTO "modais" ("codigo", "nome", "fator_cubagem_padrao") VALUES
  ('RODOVIARIO', 'Rodoviário', 300),
  ('AEREO', 'Aéreo', 167),
  ('AQUAVIARIO', 'Aquaviário', 1000),
  ('FERROVIARIO', 'Ferroviário', 300),
  ('DUTOVIARIO', 'Dutoviário', 1000);
