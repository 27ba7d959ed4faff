-- Issue 9: units flagged as self-employed (indica_autonomo) are of the TAC kind (Transportador Autônomo de Cargas).
UPDATE "unidades_transportador" SET "tipo" = 'TAC' WHERE "indica_autonomo" AND "tipo" <> 'TAC';
