-- Issue 9: the new standard components (COMPONENTES_PADRAO in packages/core/src/frete/catalogo.ts) and the
-- catalogue flags: FRETE_PESO is the main freight (base FRETE_PRINCIPAL); the toll voucher is outside the
-- tax base (Lei 10.209/2001, art. 2).
INSERT INTO "componentes" ("codigo", "nome", "descricao") VALUES
  ('REENTREGA', 'Reentrega', 'Nova tentativa de entrega'),
  ('DEVOLUCAO', 'Devolução', 'Retorno da mercadoria ao remetente'),
  ('ESTADIA', 'Estadia', 'Espera do veículo além do tempo livre'),
  ('ARMAZENAGEM', 'Armazenagem', 'Guarda da mercadoria no terminal'),
  ('PALETIZACAO', 'Paletização', 'Montagem de paletes'),
  ('DESCARGA', 'Descarga', 'Descarga no destinatário'),
  ('EMEX', 'Entrega em mãos (EMEX)', 'Entrega expressa/em mãos'),
  ('VALE_PEDAGIO', 'Vale-pedágio', 'Vale-pedágio obrigatório (Lei 10.209/2001): fora da base do ICMS');
--> statement-breakpoint
UPDATE "componentes" SET "frete_principal" = true WHERE "embarcador_uid" IS NULL AND "codigo" = 'FRETE_PESO';
--> statement-breakpoint
UPDATE "componentes" SET "fora_base_tributo" = true WHERE "embarcador_uid" IS NULL AND "codigo" = 'VALE_PEDAGIO';
