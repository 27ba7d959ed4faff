import { type AnyColumn, and, eq, getTableColumns, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import {
  type Faixa,
  criarSchemaRegra,
  faixaInput,
  faixaItem as faixaItemSchema,
  faixasDaRegraSchema,
  adicionalInput,
  generalidadeInput,
  regra,
  regraRotaInput,
} from '@fretio/core';
import { faixas, regras, restricoes, tabelaFreteRotas } from '../../db/schema/index.ts';
import { type Tx, defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { colunasNomesLocais, colunasParaLocal, itemComLocais, juntarNomesLocais, validarLocais, valoresComLocais } from '../regioes/local-ref.ts';
import { antesDeAlterar, depoisDeAlterar, errosZod, falhar, filhoDaTabela, proximaOrdem, tabelaDe } from './comum.ts';
import { STATUS_ATIVO, faixaItem, regraItem } from './itens.ts';
import { faixasDeLinhas } from './montar.ts';
import { tabelaParaAlterar, tocarTabela } from './repository.ts';

// Rules of a table (generalidades: table-wide; rotasComponente: of one route, overriding the
// generalidade of the same component) and the ranges of FAIXA rules (faixasCalculo).

const texto = (v: unknown) => (v === null || v === undefined ? null : String(v));
/** Ranges sent inline with a rule, applied after the rule is written (same transaction). */
const faixasPendentes = new WeakMap<object, Faixa[] | undefined>();

const selectRegra = {
  ...getTableColumns(regras),
  componenteNome: sql<
    string | null
  >`(select c.nome from componentes c join tabelas_frete tf on tf.uid = "regras"."tabela_frete_uid" where c.codigo = "regras"."componente" and (c.embarcador_uid is null or c.embarcador_uid = tf.embarcador_uid) order by c.embarcador_uid nulls first limit 1)`,
  restricaoEfetivaUid: restricoes.uid,
  restricaoModo: restricoes.modo,
  faixas: sql<unknown>`coalesce((select json_agg(json_build_object('uid', f.uid, 'regraUid', f.regra_uid, 'ordem', f.ordem, 'ate', f.ate, 'valor', f.valor, 'modo', f.modo) order by f.ordem, f.ate nulls last) from faixas f where f.regra_uid = "regras"."uid"), '[]'::json)`,
};
/**
 * The restriction the rule follows (montar.ts restricaoDeCadaRegra): the one it links, else the only
 * restriction of its component that no rule links.
 */
// biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder
const juntarRestricao = (q: any) =>
  q.leftJoin(
    restricoes,
    sql`${restricoes.uid} = coalesce(${regras.restricaoUid}, (select (array_agg(x.uid))[1] from restricoes x where x.tabela_frete_uid = ${regras.tabelaFreteUid} and x.componente = ${regras.componente} and not exists (select 1 from regras r2 where r2.restricao_uid = x.uid) having count(*) = 1))`,
  );

const toValuesRegra = (input: Record<string, unknown>) => {
  const { faixas: _f, ...resto } = input;
  return {
    ...resto,
    valor: texto(input.valor),
    minimo: texto(input.minimo),
    maximo: texto(input.maximo),
    percentualValor: texto(input.percentualValor),
    __faixas: input.faixas,
  };
};

/** Same component at the same places (ADICIONAL): the columns of origem and destino all equal (null-safe). */
function mesmoLocal(values: Record<string, unknown>) {
  const cols = ['Tipo', 'Uf', 'Ibge', 'RegiaoUid', 'CepDe', 'CepAte'].flatMap((c) => [`origem${c}`, `destino${c}`]);
  return and(
    ...cols.map((c) => {
      const col = (regras as unknown as Record<string, AnyColumn>)[c];
      const v = values[c] ?? null;
      return v === null ? isNull(col) : eq(col, v as string);
    }),
  );
}

async function validarOrigemDestinoOpcionais(tx: Tx, embarcadorUid: string, values: Record<string, unknown>) {
  await validarLocais(tx, embarcadorUid, [
    { campo: 'origem', ref: colunasParaLocal(values, 'origem') },
    { campo: 'destino', ref: colunasParaLocal(values, 'destino') },
  ]);
}

async function validarRegra(
  tx: Tx,
  ctx: Parameters<typeof exigirEmbarcador>[0],
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
  escopo: 'GENERALIDADE' | 'ROTA' | 'ADICIONAL',
) {
  const t = await antesDeAlterar(tx, values, existing);
  const inline = values.__faixas as Faixa[] | undefined;
  delete values.__faixas;
  faixasPendentes.set(tx, inline);
  values.escopo = escopo;
  if (escopo !== 'ROTA') values.tabelaRotaUid = null;
  if (escopo === 'ADICIONAL') await validarOrigemDestinoOpcionais(tx, exigirEmbarcador(ctx), values);
  const codigos = (await catalogoComponentes(tx, exigirEmbarcador(ctx), true)).map((c) => c.codigo);
  let faixasAtuais: Faixa[] | undefined = inline;
  if (!faixasAtuais && existing)
    faixasAtuais = faixasDeLinhas(
      await tx
        .select()
        .from(faixas)
        .where(eq(faixas.regraUid, existing.uid as string)),
    );
  // A FAIXA rule may be created before its ranges (unless the table is active: then send them inline).
  if (values.calculo === 'FAIXA' && !faixasAtuais?.length && t.status !== STATUS_ATIVO)
    faixasAtuais = [{ ate: null, valor: 0, modo: 'FIXO' }];
  const num = (k: string) => (values[k] === null || values[k] === undefined ? undefined : Number(values[k]));
  const candidata = {
    componente: values.componente,
    base: values.base,
    calculo: values.calculo,
    valor: num('valor'),
    minimo: num('minimo'),
    maximo: num('maximo'),
    aposMinimo: values.aposMinimo,
    comparaFaixaSeguinte: values.comparaFaixaSeguinte,
    foraBaseTributo: values.foraBaseTributo,
    percentualValor: num('percentualValor'),
    ...(values.calculo === 'FAIXA' ? { faixas: faixasAtuais ?? [] } : {}),
  };
  const r = criarSchemaRegra(codigos).safeParse(candidata);
  if (!r.success) falhar(errosZod(r.error.issues));
  if (escopo === 'ROTA') {
    const [rota] = await tx
      .select({ uid: tabelaFreteRotas.uid, distanciaKm: tabelaFreteRotas.distanciaKm })
      .from(tabelaFreteRotas)
      .where(and(eq(tabelaFreteRotas.uid, values.tabelaRotaUid as string), eq(tabelaFreteRotas.tabelaFreteUid, t.uid)));
    if (!rota) throw AppError.field('tabelaRotaUid', 'Rota não encontrada nesta tabela');
    if (values.base === 'KM' && rota.distanciaKm === null)
      throw AppError.field('base', 'A rota não informa a distância (distanciaKm), necessária para a base KM');
  }
  // Absent on an update: the rule keeps its link (explicit null unlinks).
  if (values.restricaoUid === undefined) values.restricaoUid = (existing?.restricaoUid as string | null | undefined) ?? null;
  if (values.restricaoUid) {
    const [x] = await tx
      .select({ componente: restricoes.componente })
      .from(restricoes)
      .where(and(eq(restricoes.uid, values.restricaoUid as string), eq(restricoes.tabelaFreteUid, t.uid)));
    if (!x) throw AppError.field('restricaoUid', 'Restrição não encontrada nesta tabela');
    if (x.componente !== values.componente)
      throw AppError.field('restricaoUid', `A restrição é do componente ${x.componente}, não de ${values.componente}`);
  } else values.restricaoUid = null;
  // Several rules of one component in one place are allowed when each follows a different restriction.
  const [dup] = await tx
    .select({ uid: regras.uid })
    .from(regras)
    .where(
      and(
        eq(regras.tabelaFreteUid, t.uid),
        eq(regras.componente, values.componente as string),
        escopo === 'ROTA' ? eq(regras.tabelaRotaUid, values.tabelaRotaUid as string) : eq(regras.escopo, escopo),
        escopo === 'ADICIONAL' ? mesmoLocal(values) : undefined,
        values.restricaoUid ? eq(regras.restricaoUid, values.restricaoUid as string) : isNull(regras.restricaoUid),
        existing ? ne(regras.uid, existing.uid as string) : undefined,
      ),
    )
    .limit(1);
  if (dup) {
    const onde = { ROTA: 'nesta rota', GENERALIDADE: 'nas generalidades desta tabela', ADICIONAL: 'como adicional neste local' }[escopo];
    const msg = `O componente ${values.componente} já tem regra ${onde}${values.restricaoUid ? ' com esta restrição' : ''}.`;
    throw AppError.conflict(msg, [{ field: 'componente', message: msg }]);
  }
  if (existing) {
    // Update: the ranges change now, so the reply (read right after the UPDATE) already shows them.
    await substituirFaixas(tx, existing.uid as string, t.uid, values.calculo as string, inline);
  } else {
    values.ordem = await proximaOrdem(
      tx,
      'regras',
      escopo === 'ROTA'
        ? sql`tabela_rota_uid = ${values.tabelaRotaUid as string}`
        : sql`tabela_frete_uid = ${t.uid} and escopo = ${escopo}`,
    );
  }
}

async function substituirFaixas(tx: Tx, regraUid: string, tabelaUid: string, calculo: string, inline: Faixa[] | undefined) {
  if (inline || calculo !== 'FAIXA') await tx.delete(faixas).where(eq(faixas.regraUid, regraUid));
  if (inline?.length && calculo === 'FAIXA') {
    await tx
      .insert(faixas)
      .values(
        inline.map((f, ordem) => ({ regraUid, tabelaFreteUid: tabelaUid, ate: texto(f.ate), valor: String(f.valor), modo: f.modo, ordem })),
      );
  }
}

async function depoisDaRegra(tx: Tx, ctx: Parameters<typeof depoisDeAlterar>[1], row: Record<string, unknown>, op: 'create' | 'update') {
  const inline = faixasPendentes.get(tx);
  faixasPendentes.delete(tx);
  if (op === 'create') await substituirFaixas(tx, row.uid as string, row.tabelaFreteUid as string, row.calculo as string, inline);
  await depoisDeAlterar(tx, ctx, row.tabelaFreteUid as string);
}

async function antesDeExcluir(tx: Tx, existing: Record<string, unknown>) {
  await tabelaParaAlterar(tx, tabelaDe({}, existing));
  await tocarTabela(tx, existing.tabelaFreteUid as string);
}

const comum = {
  recurso: 'tabelasfrete',
  table: regras,
  uid: regras.uid,
  item: regra,
  select: selectRegra,
  from: juntarRestricao,
  toItem: regraItem,
  toValues: toValuesRegra,
  sortable: { ordem: regras.ordem, componente: regras.componente, criadoEm: regras.criadoEm },
  defaultSort: 'ordem',
};
const filtrosRegra = {
  componente: { column: regras.componente, kind: 'exact' as const },
  base: { column: regras.base, kind: 'exact' as const },
  calculo: { column: regras.calculo, kind: 'exact' as const },
};

/** /tabelasfrete/{uid}/generalidades: rules for every route of the table (a route's own rule of the same component wins). */
export const generalidadesResource = defineResource({
  ...comum,
  nome: 'Generalidade da tabela de frete',
  path: '/tabelasfrete/:uid/generalidades',
  scope: filhoDaTabela(regras.tabelaFreteUid, eq(regras.escopo, 'GENERALIDADE')),
  input: generalidadeInput,
  filters: filtrosRegra,
  hooks: {
    validate: (tx, ctx, values, existing) => validarRegra(tx, ctx, values, existing, 'GENERALIDADE'),
    afterWrite: depoisDaRegra,
    beforeDelete: (tx, _ctx, existing) => antesDeExcluir(tx, existing),
  },
});

/** /tabelasfrete/{uid}/rotasComponente: the rules of the table's routes (tabelaRotaUid). */
export const rotasComponenteResource = defineResource({
  ...comum,
  nome: 'Regra de componente da rota',
  path: '/tabelasfrete/:uid/rotasComponente',
  scope: filhoDaTabela(regras.tabelaFreteUid, isNotNull(regras.tabelaRotaUid)),
  input: regraRotaInput,
  filters: { ...filtrosRegra, tabelaRotaUid: { column: regras.tabelaRotaUid, kind: 'uid' } },
  hooks: {
    validate: (tx, ctx, values, existing) => validarRegra(tx, ctx, values, existing, 'ROTA'),
    afterWrite: depoisDaRegra,
    beforeDelete: (tx, _ctx, existing) => antesDeExcluir(tx, existing),
  },
});

/**
 * /tabelasfrete/{uid}/adicionais: location surcharges (TDE, TDA…) for a UF, municipality, region or CEP
 * range (origem/destino, empty = any) and/or a recipient (the component's restriction), added on top of
 * whichever route applies — instead of a narrower route that would hide the route's freight.
 */
export const adicionaisResource = defineResource({
  ...comum,
  nome: 'Adicional por local',
  path: '/tabelasfrete/:uid/adicionais',
  scope: filhoDaTabela(regras.tabelaFreteUid, eq(regras.escopo, 'ADICIONAL')),
  input: adicionalInput,
  select: { ...selectRegra, ...colunasNomesLocais },
  from: (q) => juntarNomesLocais(juntarRestricao(q), regras),
  toItem: (row) => {
    const { origem, destino } = itemComLocais(row) as { origem: unknown; destino: unknown };
    return { ...regraItem(row), origem, destino };
  },
  toValues: (input) => toValuesRegra(valoresComLocais(input)),
  filters: filtrosRegra,
  hooks: {
    validate: (tx, ctx, values, existing) => validarRegra(tx, ctx, values, existing, 'ADICIONAL'),
    afterWrite: depoisDaRegra,
    beforeDelete: (tx, _ctx, existing) => antesDeExcluir(tx, existing),
  },
});

/** /tabelasfrete/{uid}/faixasCalculo: ranges of the table's FAIXA rules (regraUid), validated in order. */
export const faixasCalculoResource = defineResource({
  nome: 'Faixa de cálculo',
  path: '/tabelasfrete/:uid/faixasCalculo',
  recurso: 'tabelasfrete',
  table: faixas,
  uid: faixas.uid,
  scope: filhoDaTabela(faixas.tabelaFreteUid),
  item: faixaItemSchema,
  input: faixaInput,
  toItem: (row) => faixaItem(row as never),
  toValues: (input) => ({ ...input, ate: texto(input.ate), valor: String(input.valor) }),
  sortable: { ordem: faixas.ordem, ate: faixas.ate, criadoEm: faixas.criadoEm },
  defaultSort: 'ordem',
  filters: { regraUid: { column: faixas.regraUid, kind: 'uid' }, modo: { column: faixas.modo, kind: 'exact' } },
  hooks: {
    async validate(tx, _ctx, values, existing) {
      const t = await antesDeAlterar(tx, values, existing);
      const regraUid = (values.regraUid ?? existing?.regraUid) as string;
      const [r] = await tx
        .select({ calculo: regras.calculo })
        .from(regras)
        .where(and(eq(regras.uid, regraUid), eq(regras.tabelaFreteUid, t.uid)));
      if (!r) throw AppError.field('regraUid', 'Regra não encontrada nesta tabela');
      if (r.calculo !== 'FAIXA') throw AppError.field('regraUid', 'A regra não usa o cálculo FAIXA');
      const irmas = await tx
        .select()
        .from(faixas)
        .where(and(eq(faixas.regraUid, regraUid), existing ? ne(faixas.uid, existing.uid as string) : undefined))
        .orderBy(faixas.ordem, sql`${faixas.ate} asc nulls last`);
      const ordem =
        (values.ordem as number | undefined) ??
        (existing && existing.regraUid === regraUid ? (existing.ordem as number) : (irmas.at(-1)?.ordem ?? -1) + 1);
      // The range goes before the siblings at or after its position; positions are renumbered 0..n-1.
      const nova = {
        ate: values.ate === null ? null : Number(values.ate),
        valor: Number(values.valor),
        modo: values.modo as Faixa['modo'],
      };
      const lista = faixasDeLinhas(irmas);
      let pos = irmas.findIndex((f) => f.ordem >= ordem);
      if (pos < 0) pos = lista.length;
      lista.splice(pos, 0, nova);
      const res = faixasDaRegraSchema.safeParse(lista);
      if (!res.success)
        falhar(
          res.error.issues.map((i) => ({ field: typeof i.path.at(-1) === 'string' ? String(i.path.at(-1)) : 'ate', message: i.message })),
        );
      values.ordem = pos;
      for (const [i, f] of irmas.entries()) {
        const nova = i < pos ? i : i + 1;
        if (f.ordem !== nova) await tx.update(faixas).set({ ordem: nova }).where(eq(faixas.uid, f.uid));
      }
    },
    afterWrite: (tx, ctx, row) => depoisDeAlterar(tx, ctx, row.tabelaFreteUid as string),
    async beforeDelete(tx, _ctx, existing) {
      const t = await tabelaParaAlterar(tx, tabelaDe({}, existing));
      if (t.status === STATUS_ATIVO) {
        const [{ n }] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(faixas)
          .where(eq(faixas.regraUid, existing.regraUid as string));
        if (Number(n) <= 1) throw AppError.field('uid', 'A tabela está ativa e a regra FAIXA precisa de ao menos uma faixa');
      }
      await tocarTabela(tx, t.uid);
    },
  },
});
