import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { restricao, restricaoInput } from '@fretio/core';
import { produtos, regras, restricoes } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { antesDeAlterar, depoisDeAlterar, filhoDaTabela, tabelaDe } from './comum.ts';
import { tabelaParaAlterar, tocarTabela } from './repository.ts';

/**
 * Goods criterion: each product code must be in the shipper's register (compared without case; the
 * register's spelling is stored), NCM prefixes are kept as digits; both lists without repeats.
 */
async function validarMercadorias(tx: Parameters<typeof catalogoComponentes>[0], embarcadorUid: string, values: Record<string, unknown>) {
  if (Array.isArray(values.ncms)) values.ncms = [...new Set(values.ncms as string[])];
  if (!Array.isArray(values.produtos)) return;
  const pedidos = [...new Set((values.produtos as string[]).map((c) => c.toUpperCase()))];
  if (!pedidos.length) return;
  const achados = await tx
    .select({ codigo: produtos.codigo, chave: sql<string>`upper(${produtos.codigo})` })
    .from(produtos)
    .where(and(eq(produtos.embarcadorUid, embarcadorUid), inArray(sql`upper(${produtos.codigo})`, pedidos)));
  const porChave = new Map(achados.map((p) => [p.chave, p.codigo]));
  const faltam = pedidos.filter((c) => !porChave.has(c));
  if (faltam.length)
    throw AppError.field('produtos', `Produto não cadastrado: ${faltam.slice(0, 5).join(', ')}${faltam.length > 5 ? '…' : ''}`);
  values.produtos = pedidos.map((c) => porChave.get(c) as string);
}

const contar = (papel: string) =>
  sql<number>`(select count(*)::int from restricao_pessoas rp where rp.restricao_uid = "restricoes"."uid" and rp.papel = ${papel})`.mapWith(
    Number,
  );

/**
 * /tabelasfrete/{uid}/restricoes-componentes: a component of the table applies only to (SOMENTE) or
 * except for (EXCETO) the linked senders and recipients (…/remetentes, …/destinatarios) and/or loads
 * carrying the listed products (codes of the register) or NCM prefixes (`produtos`, `ncms`). A table may
 * hold several restrictions of one component: a rule follows the one it links (restricaoUid); rules
 * linking none follow the component's only unlinked restriction (the first pass's meaning). Without
 * anybody or any goods listed it restricts nothing. Deleting a restriction that rules link: 409 (em uso).
 */
export const restricoesResource = defineResource({
  nome: 'Restrição de componente',
  path: '/tabelasfrete/:uid/restricoes-componentes',
  recurso: 'tabelasfrete',
  table: restricoes,
  uid: restricoes.uid,
  scope: filhoDaTabela(restricoes.tabelaFreteUid),
  item: restricao,
  input: restricaoInput,
  select: {
    ...getTableColumns(restricoes),
    componenteNome: sql<
      string | null
    >`(select c.nome from componentes c join tabelas_frete tf on tf.uid = "restricoes"."tabela_frete_uid" where c.codigo = "restricoes"."componente" and (c.embarcador_uid is null or c.embarcador_uid = tf.embarcador_uid) order by c.embarcador_uid nulls first limit 1)`,
    quantidadeRemetentes: contar('REMETENTE'),
    quantidadeDestinatarios: contar('DESTINATARIO'),
  },
  sortable: { componente: restricoes.componente, modo: restricoes.modo, criadoEm: restricoes.criadoEm },
  defaultSort: 'componente',
  filters: { componente: { column: restricoes.componente, kind: 'exact' }, modo: { column: restricoes.modo, kind: 'exact' } },
  hooks: {
    async validate(tx, ctx, values, existing) {
      await antesDeAlterar(tx, values, existing);
      const codigos = (await catalogoComponentes(tx, exigirEmbarcador(ctx), true)).map((c) => c.codigo);
      if (!codigos.includes(values.componente as string))
        throw AppError.field('componente', `Componente desconhecido: "${values.componente}" não está no catálogo`);
      if (existing && values.componente !== existing.componente) {
        const [ligada] = await tx
          .select({ uid: regras.uid })
          .from(regras)
          .where(and(eq(regras.restricaoUid, existing.uid as string), eq(regras.tabelaFreteUid, existing.tabelaFreteUid as string)))
          .limit(1);
        if (ligada) throw AppError.field('componente', 'Há regras ligadas a esta restrição: o componente não pode mudar');
      }
      await validarMercadorias(tx, exigirEmbarcador(ctx), values);
    },
    afterWrite: (tx, ctx, row) => depoisDeAlterar(tx, ctx, row.tabelaFreteUid as string),
    async beforeDelete(tx, _ctx, existing) {
      await tabelaParaAlterar(tx, tabelaDe({}, existing));
      await tocarTabela(tx, existing.tabelaFreteUid as string);
    },
  },
});
