import { and, asc, eq, getTableColumns, gte, lte } from 'drizzle-orm';
import { faixaCep, faixaCepInput, faixaCepOpcao, formatarCep, z, zUf } from '@fretio/core';
import { faixasCep, municipios } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';

/** The shipper's CEP ranges: a UF (and optionally a municipality) for CEPs from `de` to `ate`. */
export const faixasCepResource = defineResource({
  nome: 'Faixa de CEP',
  path: '/faixascep',
  recurso: 'faixascep',
  table: faixasCep,
  uid: faixasCep.uid,
  scope: doEmbarcador(faixasCep.embarcadorUid),
  item: faixaCep,
  input: faixaCepInput as unknown as z.ZodObject,
  select: getTableColumns(faixasCep),
  toItem: (row) => ({ ...row, de: row.cepDe, ate: row.cepAte }),
  toValues: (input) => {
    const { de, ate, ...resto } = input as Record<string, unknown>;
    return { ...resto, cepDe: de, cepAte: ate };
  },
  sortable: {
    nome: faixasCep.nome,
    uf: faixasCep.uf,
    de: faixasCep.cepDe,
    ate: faixasCep.cepAte,
    ativo: faixasCep.ativo,
    criadoEm: faixasCep.criadoEm,
  },
  defaultSort: 'de',
  filters: {
    nome: { column: faixasCep.nome, kind: 'text' },
    uf: { column: faixasCep.uf, kind: 'exact' },
    municipioIbge: { column: faixasCep.municipioIbge, kind: 'exact' },
    ativo: { column: faixasCep.ativo, kind: 'bool' },
    de: { column: faixasCep.cepDe, kind: 'exact' },
    ate: { column: faixasCep.cepAte, kind: 'exact' },
  },
  listQuery: {
    cep: z
      .string()
      .regex(/^\d{5}-?\d{3}$/, 'CEP inválido')
      .optional()
      .describe('Só as faixas que contêm este CEP'),
  },
  listWhere: (q) => {
    const cep = typeof q.cep === 'string' ? q.cep.replace(/\D/g, '') : '';
    return cep ? and(lte(faixasCep.cepDe, cep), gte(faixasCep.cepAte, cep)) : undefined;
  },
  hooks: {
    async validate(tx, _ctx, values) {
      const ibge = values.municipioIbge as string | null;
      if (!ibge) return;
      const [m] = await tx.select({ uf: municipios.uf }).from(municipios).where(eq(municipios.ibge, ibge)).limit(1);
      if (!m) throw AppError.field('municipioIbge', `Município ${ibge} não encontrado no cadastro do IBGE`);
      if (m.uf !== values.uf) throw AppError.field('municipioIbge', `O município ${ibge} fica em ${m.uf}, não em ${values.uf}`);
    },
  },
  selecoes: [
    {
      path: '/faixascep/lista',
      summary: 'Faixas de CEP ativas para seleção (até 1000)',
      query: z.object({ uf: zUf.optional().describe('Só as faixas desta UF') }),
      item: faixaCepOpcao,
      limite: 1000,
      colunas: { uid: faixasCep.uid, nome: faixasCep.nome, uf: faixasCep.uf, municipioIbge: faixasCep.municipioIbge, cepDe: faixasCep.cepDe, cepAte: faixasCep.cepAte },
      where: (_ctx, q) => and(eq(faixasCep.ativo, true), q.uf ? eq(faixasCep.uf, q.uf) : undefined),
      orderBy: [asc(faixasCep.cepDe)],
      opcao: (f) => ({
        value: f.uid,
        label: `${f.nome} (${formatarCep(f.cepDe)} a ${formatarCep(f.cepAte)})`,
        uf: f.uf,
        municipioIbge: f.municipioIbge,
        de: f.cepDe,
        ate: f.cepAte,
      }),
    },
  ],
});
