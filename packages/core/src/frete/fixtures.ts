// Builders shared by the engine's tests: small defaults, override only what a test is about.
import type { Carga, Opcoes, Regra, Rota, TabelaCalculo } from './types.ts';

export function rota(parcial: Partial<Rota> = {}): Rota {
  return {
    uid: 'rota',
    origem: { tipo: 'UF', uf: 'SP' },
    destino: { tipo: 'UF', uf: 'RJ' },
    prazoDiasUteis: 1,
    regras: [],
    ...parcial,
  };
}

export function tabela(parcial: Partial<TabelaCalculo> = {}): TabelaCalculo {
  return {
    uid: 'tab',
    transportadorUid: 'transp',
    fatorCubagem: 300,
    icmsIncluso: false,
    generalidades: [],
    rotas: [rota()],
    ...parcial,
  };
}

/** Table with one SP → RJ route carrying `regras`. */
export function tabelaComRegras(
  regras: Regra[],
  extraRota: Partial<Rota> = {},
  extraTabela: Partial<TabelaCalculo> = {},
) {
  return tabela({ rotas: [rota({ regras, ...extraRota })], ...extraTabela });
}

export function carga(parcial: Partial<Carga> = {}): Carga {
  return {
    origem: { uf: 'SP', ibge: '3550308', cep: '01310-100' },
    destino: { uf: 'RJ', ibge: '3304557', cep: '20040-020' },
    data: '2026-04-15',
    pesoKg: 100,
    valorMercadoria: 1000,
    ...parcial,
  };
}

export const SEM_ICMS: Opcoes = { aliquotaIcms: 0, feriados: [] };
