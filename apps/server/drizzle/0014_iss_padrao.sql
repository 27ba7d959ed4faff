-- System default ISS rates (configuracoes/iss?default=true): the 27 state capitals at 5 %, the legal
-- ceiling of LC 116/2003 art. 8º, II, so a freight estimate never understates the tax. Shippers record
-- the rate their municipality's law sets (2 % to 5 %) as their own ISS (def = false), which wins.
-- Municipalities without a row use configuracoes.aliquota_iss_padrao.
INSERT INTO "iss_municipios" ("embarcador_uid", "def", "municipio_ibge", "aliquota", "observacao")
SELECT NULL, true, m."ibge", 5, 'Padrão do sistema: alíquota máxima legal (LC 116/2003, art. 8º, II); confirme a lei municipal'
FROM "municipios" m
WHERE m."ibge" IN ('1100205', '1200401', '1302603', '1400100', '1501402', '1600303', '1721000', '2111300', '2211001',
  '2304400', '2408102', '2507507', '2611606', '2704302', '2800308', '2927408', '3106200', '3205309', '3304557', '3550308',
  '4106902', '4205407', '4314902', '5002704', '5103403', '5208707', '5300108')
ON CONFLICT DO NOTHING;
