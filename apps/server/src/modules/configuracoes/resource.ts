import { eq, getTableColumns, sql } from 'drizzle-orm';
import { ALIQUOTAS_PIS_COFINS, ALIQUOTA_ICMS_IMPORTADO, type TributoInput, formatarData, issInput, issItem, tributoInput, tributoItem, type z } from '@fretio/core';
import { issMunicipios, municipios, tributos } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { issPadraoWhere, municipioExiste, regrasSobrepostas } from './repository.ts';

// Tax rules with validity (configuracoes/tributos) and ISS per municipality (configuracoes/iss).
registerUniqueConstraint('iss_municipios_embarcador_uq', 'municipioIbge', 'Já existe uma alíquota de ISS deste embarcador para este município.');

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const VIGENTE_SQL = sql<boolean>`(${tributos.ativo} and ${tributos.vigenciaInicio} <= (now() at time zone 'America/Sao_Paulo')::date
  and (${tributos.vigenciaFim} is null or ${tributos.vigenciaFim} >= (now() at time zone 'America/Sao_Paulo')::date))`;

/** What a rule is about: two active rules with the same chave may not overlap in time. */
export function chaveTributo(v: { tipo: string; uf?: string | null; ufOrigem?: string | null; ufDestino?: string | null }) {
  if (v.tipo === 'INTERNO') return `INTERNO:${v.uf}`;
  if (v.tipo === 'TRANSPORTE') return `TRANSPORTE:${v.uf}`;
  if (v.tipo === 'INTERESTADUAL') return `INTERESTADUAL:${v.ufOrigem}-${v.ufDestino}`;
  return v.tipo;
}

/** 'ICMS interno SP', 'ICMS interestadual SP → BA', ... for messages. */
function nomeRegra(v: Record<string, unknown>) {
  if (v.tipo === 'INTERNO') return `ICMS interno ${v.uf}`;
  if (v.tipo === 'TRANSPORTE') return `ICMS do transporte ${v.uf}`;
  if (v.tipo === 'INTERESTADUAL') return `ICMS interestadual ${v.ufOrigem} → ${v.ufDestino}`;
  return v.tipo === 'IMPORTADO' ? 'ICMS de importados' : 'PIS/COFINS';
}

/** Keeps only the fields of the rule's kind and fills the legal defaults (IMPORTADO 4 %, PIS/COFINS of the regime). */
function valoresTributo(input: TributoInput) {
  const icms = input.tipo !== 'PIS_COFINS';
  const regime = input.regimePisCofins ?? 'NAO_CUMULATIVO';
  return {
    tipo: input.tipo,
    chave: chaveTributo(input),
    uf: input.tipo === 'INTERNO' || input.tipo === 'TRANSPORTE' ? input.uf : null,
    ufOrigem: input.tipo === 'INTERESTADUAL' ? input.ufOrigem : null,
    ufDestino: input.tipo === 'INTERESTADUAL' ? input.ufDestino : null,
    aliquota: icms ? (input.aliquota ?? (input.tipo === 'IMPORTADO' ? String(ALIQUOTA_ICMS_IMPORTADO) : null)) : null,
    regimePisCofins: icms ? null : regime,
    aliquotaPis: icms ? null : (input.aliquotaPis ?? String(ALIQUOTAS_PIS_COFINS[regime].pis)),
    aliquotaCofins: icms ? null : (input.aliquotaCofins ?? String(ALIQUOTAS_PIS_COFINS[regime].cofins)),
    vigenciaInicio: input.vigenciaInicio,
    vigenciaFim: input.vigenciaFim,
    descricao: input.descricao,
    ativo: input.ativo,
  };
}

export const tributosResource = defineResource({
  nome: 'Tributo',
  path: '/configuracoes/tributos',
  recurso: 'tributos',
  table: tributos,
  uid: tributos.uid,
  scope: doEmbarcador(tributos.embarcadorUid),
  item: tributoItem,
  input: tributoInput as unknown as z.ZodObject,
  operations: ['list', 'get', 'create', 'update'],
  select: { ...getTableColumns(tributos), vigente: VIGENTE_SQL },
  sortable: { vigenciaInicio: tributos.vigenciaInicio, tipo: tributos.tipo, chave: tributos.chave, aliquota: tributos.aliquota, criadoEm: tributos.criadoEm },
  defaultSort: 'vigenciaInicio',
  defaultOrder: 'DESC',
  filters: {
    tipo: { column: tributos.tipo, kind: 'exact' },
    uf: { column: tributos.uf, kind: 'exact' },
    ufOrigem: { column: tributos.ufOrigem, kind: 'exact' },
    ufDestino: { column: tributos.ufDestino, kind: 'exact' },
    regimePisCofins: { column: tributos.regimePisCofins, kind: 'exact' },
    ativo: { column: tributos.ativo, kind: 'bool' },
    vigente: { column: VIGENTE_SQL, kind: 'bool' },
    vigenciaInicio: { column: tributos.vigenciaInicio, kind: 'date', range: true },
    descricao: { column: tributos.descricao, kind: 'text' },
  },
  toValues: (input) => valoresTributo(input as TributoInput),
  toItem: (r) => ({
    ...r,
    imposto: r.tipo === 'PIS_COFINS' ? 'PIS_COFINS' : 'ICMS',
    aliquota: num(r.aliquota),
    aliquotaPis: num(r.aliquotaPis),
    aliquotaCofins: num(r.aliquotaCofins),
    vigente: Boolean(r.vigente),
  }) as z.infer<typeof tributoItem>,
  hooks: {
    async validate(tx, ctx, values, existing) {
      if (!values.ativo) return;
      const inicio = String(values.vigenciaInicio);
      const fim = (values.vigenciaFim as string | null) ?? null;
      const [outra] = await regrasSobrepostas(tx, exigirEmbarcador(ctx), String(values.chave), inicio, fim, existing?.uid as string | undefined);
      if (outra) {
        const periodo = outra.vigenciaFim
          ? `de ${formatarData(outra.vigenciaInicio)} a ${formatarData(outra.vigenciaFim)}`
          : `desde ${formatarData(outra.vigenciaInicio)}, sem data de fim`;
        const message = `Já existe uma regra de ${nomeRegra(values)} vigente ${periodo}: as vigências da mesma regra não podem se sobrepor.`;
        throw AppError.conflict(message, [{ field: 'vigenciaInicio', message }]);
      }
    },
  },
});

const issSelect = { ...getTableColumns(issMunicipios), municipio: municipios.nome, uf: municipios.uf };
const issBase = {
  nome: 'ISS',
  path: '/configuracoes/iss',
  recurso: 'tributos',
  table: issMunicipios,
  uid: issMunicipios.uid,
  item: issItem,
  input: issInput,
  select: issSelect,
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
  from: (q: any) => q.innerJoin(municipios, eq(municipios.ibge, issMunicipios.municipioIbge)),
  sortable: { municipio: municipios.nome, uf: municipios.uf, municipioIbge: issMunicipios.municipioIbge, aliquota: issMunicipios.aliquota, criadoEm: issMunicipios.criadoEm },
  defaultSort: 'municipio',
  filters: {
    municipio: { column: municipios.nome, kind: 'text' as const },
    uf: { column: municipios.uf, kind: 'exact' as const },
    municipioIbge: { column: issMunicipios.municipioIbge, kind: 'exact' as const },
    ativo: { column: issMunicipios.ativo, kind: 'bool' as const },
  },
  toItem: (r: Record<string, unknown>) => ({ ...r, aliquota: Number(r.aliquota) }) as z.infer<typeof issItem>,
};

/** The shipper's own ISS rates (def = false): POST and PUT here, the list in routes.ts (default=true|false). */
export const issResource = defineResource({
  ...issBase,
  scope: doEmbarcador(issMunicipios.embarcadorUid),
  operations: ['create', 'update'],
  toValues: (input) => {
    const { def: _def, ...resto } = input as Record<string, unknown>;
    return { ...resto, def: false };
  },
  hooks: {
    async validate(tx, _ctx, values) {
      if (!(await municipioExiste(tx, String(values.municipioIbge)))) throw AppError.field('municipioIbge', 'Município não encontrado');
    },
  },
});

/** The system default ISS rates (def = true), read-only. */
export const issPadraoResource = defineResource({
  ...issBase,
  nome: 'ISS padrão',
  scope: { where: issPadraoWhere, values: () => ({}) },
  operations: ['list'],
});


