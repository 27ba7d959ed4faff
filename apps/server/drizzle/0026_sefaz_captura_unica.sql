-- One SEFAZ capture per shipper waiting or running at a time: the hourly schedulers of several
-- instances may try at once, the second insert fails and is ignored.
CREATE UNIQUE INDEX "tarefas_captura_sefaz_uq" ON "tarefas" ("embarcador_uid") WHERE "tipo" = 'capturar-sefaz' AND "status" IN (1, 2);
