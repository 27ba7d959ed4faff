import type { LocalRef, TabelaCalculo } from '@fretio/core';
import type { FieldError } from '../../lib/errors.ts';

// Built tables (TabelaCalculo + lane priorities + the engine's validation), kept in memory per table
// keyed by (uid, revisao, atualizadoEm). Every change of a table or its children bumps revisao in the
// database, so any instance sees a stale entry as a miss and rebuilds it: a cache of database
// content, never the source of truth (docs/DECISIONS.md).

export type PrioridadeFaixa = { origem: LocalRef | null; destino: LocalRef | null; prioridade: number };
export type TabelaMontada = { tabela: TabelaCalculo; prioridades: PrioridadeFaixa[]; erros: FieldError[] };
type Entrada = { chave: string; valor: TabelaMontada };

export class LruTabelas {
  private readonly mapa = new Map<string, Entrada>();
  constructor(readonly capacidade = Number(process.env.CALCULADORA_CACHE_TABELAS ?? 200)) {}

  static chave(revisao: number, atualizadoEm: string) {
    return `${revisao}|${atualizadoEm}`;
  }

  get(uid: string, chave: string): TabelaMontada | undefined {
    const e = this.mapa.get(uid);
    if (!e) return undefined;
    if (e.chave !== chave) {
      this.mapa.delete(uid);
      return undefined;
    }
    // Most recently used goes to the end.
    this.mapa.delete(uid);
    this.mapa.set(uid, e);
    return e.valor;
  }

  set(uid: string, chave: string, valor: TabelaMontada) {
    this.mapa.delete(uid);
    this.mapa.set(uid, { chave, valor });
    while (this.mapa.size > this.capacidade) this.mapa.delete(this.mapa.keys().next().value as string);
  }

  get tamanho() {
    return this.mapa.size;
  }

  limpar() {
    this.mapa.clear();
  }
}
