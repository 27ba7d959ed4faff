import { uuid, varchar } from 'drizzle-orm/pg-core';
import { regioes } from './frete.ts';
import { municipios } from './locais.ts';

// A place on a route (the engine's LocalRef) is stored as <prefix>Tipo + the columns of that tipo:
// uf, ibge (municipality), regiaoUid, or a CEP range. Deadlines, routes, table routes and priorities
// all keep an origin and a destination this way. (regioes is referenced lazily: frete.ts imports this.)
const ibge = () => varchar({ length: 7 }).references(() => municipios.ibge, { onDelete: 'restrict' });
const regiao = () => uuid().references(() => regioes.uid, { onDelete: 'restrict' });
const uf = () => varchar({ length: 2 });
const cep = () => varchar({ length: 8 });
const tipo = () => varchar({ length: 10 });

const origem = () => ({ origemUf: uf(), origemIbge: ibge(), origemRegiaoUid: regiao(), origemCepDe: cep(), origemCepAte: cep() });
const destino = () => ({ destinoUf: uf(), destinoIbge: ibge(), destinoRegiaoUid: regiao(), destinoCepDe: cep(), destinoCepAte: cep() });

/** Origin and destination, both required (routes, deadlines, table routes). */
export const locaisObrigatorios = () => ({ origemTipo: tipo().notNull(), ...origem(), destinoTipo: tipo().notNull(), ...destino() });

/** Origin and destination, either may be left open ("any"): priorities. */
export const locaisOpcionais = () => ({ origemTipo: tipo(), ...origem(), destinoTipo: tipo(), ...destino() });
