import Decimal from 'decimal.js';
import { type ProdutoInput, produtoInput } from '@fretio/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { produtos } from '../../db/schema/index.ts';
import type { DbOrTx, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { consultarEmLotes } from '../../lib/lotes.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import type { Importador } from '../../framework/importacao/pipeline.ts';
import type { Coluna } from '../../framework/importacao/planilha.ts';

// Rules of the product register, shared by the API and the import.
export const PRODUTO_DUPLICADO = 'Já existe um produto com este código';
const mensagemDuplicado = (p: { uid: string; descricao: string }) => `${PRODUTO_DUPLICADO}: ${p.descricao} (uid ${p.uid})`;

/** m³ per unit from the dimensions in cm when not given (6 decimals). */
export function valoresProduto(v: Record<string, unknown>) {
  const out = { ...v };
  const dims = [v.comprimentoCm, v.larguraCm, v.alturaCm];
  if ((v.m3 === null || v.m3 === undefined) && dims.every((d) => d !== null && d !== undefined)) {
    const m3 = dims.reduce<Decimal>((acc, d) => acc.mul(String(d)), new Decimal(1)).div(1_000_000);
    out.m3 = m3.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toFixed(6);
  }
  return out;
}

async function existentes(db: DbOrTx, embarcadorUid: string, codigos: string[], excetoUid?: string) {
  const rows = await consultarEmLotes(codigos, (lote) =>
    db
      .select({ uid: produtos.uid, descricao: produtos.descricao, codigo: produtos.codigo })
      .from(produtos)
      .where(
        and(eq(produtos.embarcadorUid, embarcadorUid), inArray(produtos.codigo, lote), excetoUid ? ne(produtos.uid, excetoUid) : undefined),
      ),
  );
  return new Map(rows.map((r) => [r.codigo, r]));
}

/** hooks.validate: a code already used by another product of the shipper → 409 naming it. */
export async function validarProduto(
  tx: Tx,
  ctx: RequestContext,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
) {
  const dup = (await existentes(tx, exigirEmbarcador(ctx), [String(values.codigo)], existing ? String(existing.uid) : undefined)).get(
    String(values.codigo),
  );
  if (dup) {
    const message = mensagemDuplicado(dup);
    throw AppError.conflict(message, [{ field: 'codigo', message }]);
  }
}

export const COLUNAS_PRODUTO: Coluna[] = [
  { campo: 'codigo', rotulo: 'Código', obrigatoria: true, exemplo: 'EXEMPLO-001', descricao: 'Código do produto (único no embarcador)' },
  { campo: 'descricao', rotulo: 'Descrição', apelidos: ['produto', 'nome'], obrigatoria: true, exemplo: 'Café torrado e moído 500 g', descricao: 'Descrição' },
  {
    campo: 'ncm', rotulo: 'NCM',
    obrigatoria: true,
    digitos: (n) => n.padStart(8, '0'),
    exemplo: '0901.21.00',
    descricao: 'NCM de 8 dígitos (com ou sem máscara)',
  },
  { campo: 'unidade', rotulo: 'Unidade', apelidos: ['un', 'ucom'], exemplo: 'CX', descricao: 'Unidade: UN, CX, PC, KG, FD, PCT, SC, L, M3... (padrão UN)' },
  {
    campo: 'pesoBrutoKg', rotulo: 'Peso bruto (kg)',
    apelidos: ['pesobruto'],
    tipo: 'numero',
    exemplo: '10,500',
    descricao: 'Peso bruto por unidade, kg (até 3 casas; vírgula ou ponto)',
  },
  {
    campo: 'pesoLiquidoKg', rotulo: 'Peso líquido (kg)',
    apelidos: ['pesoliquido'],
    tipo: 'numero',
    exemplo: '10,000',
    descricao: 'Peso líquido por unidade, kg (≤ peso bruto)',
  },
  { campo: 'comprimentoCm', rotulo: 'Comprimento (cm)', apelidos: ['comprimento'], tipo: 'numero', exemplo: '40', descricao: 'Comprimento, cm' },
  { campo: 'larguraCm', rotulo: 'Largura (cm)', apelidos: ['largura'], tipo: 'numero', exemplo: '30', descricao: 'Largura, cm' },
  { campo: 'alturaCm', rotulo: 'Altura (cm)', apelidos: ['altura'], tipo: 'numero', exemplo: '25', descricao: 'Altura, cm' },
  {
    campo: 'm3', rotulo: 'Volume (m³ por unidade)',
    apelidos: ['cubagem', 'volume'],
    tipo: 'numero',
    exemplo: '',
    descricao: 'm³ por unidade (vazio: calculado das dimensões)',
  },
  { campo: 'valorUnitario', rotulo: 'Valor unitário', apelidos: ['valor', 'preco'], tipo: 'numero', exemplo: '189,90', descricao: 'Valor unitário, R$ (2 casas)' },
  {
    campo: 'ean', rotulo: 'EAN/GTIN',
    apelidos: ['gtin', 'codigobarras'],
    digitos: (n) => n,
    exemplo: '7891000100103',
    descricao: 'EAN/GTIN (8, 12, 13 ou 14 dígitos, dígito verificador conferido)',
  },
  { campo: 'ativo', rotulo: 'Ativo', tipo: 'bool', exemplo: 'S', descricao: 'Ativo (S/N; padrão S)' },
  {
    campo: 'isentoCubagem', rotulo: 'Isento de cubagem', apelidos: ['isentocubagem'], tipo: 'bool', exemplo: 'N',
    descricao: 'Carga só de produtos isentos é cobrada pelo peso real, sem cubagem (S/N; padrão N)',
  },
];

export const importadorProdutos: Importador<ProdutoInput> = {
  recurso: 'produtos',
  table: produtos,
  schema: produtoInput,
  chave: { campo: 'codigo', de: (v) => v.codigo, repetida: (l) => `Código repetido no arquivo (mesmo da linha ${l})` },
  async preparar(tx, ctx, vs) {
    const ja = await existentes(
      tx,
      exigirEmbarcador(ctx),
      vs.map((v) => v.codigo),
    );
    return {
      validar: (v) => {
        const dup = ja.get(v.codigo);
        return dup ? [{ field: 'codigo', message: mensagemDuplicado(dup) }] : [];
      },
      valores: valoresProduto,
    };
  },
};

const num = (v: unknown, casas: number) => (v === null || v === undefined ? null : Number(new Decimal(String(v)).toFixed(casas)));
export const toItemProduto = (r: Record<string, unknown>) => ({
  ...r,
  pesoBrutoKg: num(r.pesoBrutoKg, 3),
  pesoLiquidoKg: num(r.pesoLiquidoKg, 3),
  comprimentoCm: num(r.comprimentoCm, 2),
  larguraCm: num(r.larguraCm, 2),
  alturaCm: num(r.alturaCm, 2),
  m3: num(r.m3, 6),
  valorUnitario: num(r.valorUnitario, 2),
});
