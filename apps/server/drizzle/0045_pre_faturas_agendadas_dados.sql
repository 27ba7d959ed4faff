-- Scheduled pre-invoices: one task per shipper and closed period, ever. The schedulers of several
-- instances may try at once; the second insert fails on this index and is ignored.
CREATE UNIQUE INDEX "tarefas_pre_faturas_periodo_uq" ON "tarefas" ("embarcador_uid", ("parametros" ->> 'periodo')) WHERE "tipo" = 'gerar-pre-faturas';
