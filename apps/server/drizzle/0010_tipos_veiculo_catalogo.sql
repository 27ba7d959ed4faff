-- The global catalogue of vehicle types (embarcador_uid null), present in every database.
-- Capacities are typical payloads (kg) and load volumes (m3) of Brazilian road freight vehicles.
INSERT INTO "tipos_veiculo" ("embarcador_uid", "nome", "capacidade_kg", "capacidade_m3", "eixos", "tipo_carroceria") VALUES
  (NULL, 'VUC', 3000, 18, 2, 'BAU'),
  (NULL, '3/4', 4000, 24, 2, 'BAU'),
  (NULL, 'Toco', 7000, 40, 2, 'BAU'),
  (NULL, 'Truck', 14000, 55, 3, 'SIDER'),
  (NULL, 'Carreta', 27000, 90, 5, 'SIDER'),
  (NULL, 'Carreta Frigorífica', 24000, 80, 5, 'FRIGORIFICO'),
  (NULL, 'Bitrem', 37000, 110, 7, 'GRANELEIRO'),
  (NULL, 'Rodotrem', 50000, 140, 9, 'GRANELEIRO')
ON CONFLICT ON CONSTRAINT "tipos_veiculo_nome_uq" DO NOTHING;
