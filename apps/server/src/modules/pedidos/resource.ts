import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { pedido, pedidoInput, statusLabel } from '@fretio/core';
import { municipios, pedidos, pessoas, transportadores } from '../../db/schema/index.ts';
import { type ActionDef, type DbOrTx, defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { numeros } from '../solicitacoesfrete/carga.ts';
import { exigirMunicipios, pessoaDoEmbarcador, tipoVeiculoVisivel } from '../solicitacoesfrete/refs.ts';

// Orders (documentos/pedidos): an ERP sales order before it is invoiced. Status machine STATUS.pedido of
// packages/core: Aberto → Em Cotação (gerar-cotacao) / Frete Definido (selecionar-calculo) → Faturado
// (definir-nfe, final). Data changes only while not Faturado.

export const RECURSO_PEDIDO = 'pedidos';
export const PEDIDO = { ABERTO: 1, COTACAO: 2, FRETE_DEFINIDO: 3, FATURADO: 4 } as const;

const munO = alias(municipios, 'ped_mun_origem');
const munD = alias(municipios, 'ped_mun_destino');

export async function pedidoVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const r = await db.select({ uid: pedidos.uid }).from(pedidos).where(and(eq(pedidos.uid, uid), eq(pedidos.embarcadorUid, exigirEmbarcador(ctx))));
  return r.length > 0;
}

/** 409 naming the status when a Faturado order would change. */
export function exigirNaoFaturado(row: Record<string, unknown>) {
  if (row.status === PEDIDO.FATURADO) {
    const m = `O pedido está '${statusLabel('pedido', PEDIDO.FATURADO)}' e não pode ser alterado.`;
    throw AppError.conflict(m, [{ field: 'status', message: m }]);
  }
}

export function criarPedidosResource(actions: ActionDef[]) {
  return defineResource({
    nome: 'Pedido',
    path: '/documentos/pedidos',
    recurso: RECURSO_PEDIDO,
    table: pedidos,
    uid: pedidos.uid,
    scope: doEmbarcador(pedidos.embarcadorUid),
    item: pedido,
    input: pedidoInput,
    select: {
      ...getTableColumns(pedidos),
      clienteNome: pessoas.nome,
      transportadorNome: transportadores.nome,
      origemMunicipioNome: munO.nome,
      origemUf: munO.uf,
      destinoMunicipioNome: munD.nome,
      destinoUf: munD.uf,
      nfeNumero: sql<number | null>`(select n.numero from nfes n where n.uid = ${pedidos.nfeUid})`,
      nfeChave: sql<string | null>`(select n.chave from nfes n where n.uid = ${pedidos.nfeUid})`,
      cotacaoNumero: sql<number | null>`(select c.numero from cotacoes_frete c where c.uid = ${pedidos.cotacaoUid})`,
      planejamentoUid: sql<string | null>`(select pd.planejamento_uid from planejamento_documentos pd where pd.pedido_uid = ${pedidos.uid} limit 1)`,
    },
    from: (q) =>
      q
        .leftJoin(pessoas, eq(pessoas.uid, pedidos.clienteUid))
        .leftJoin(transportadores, eq(transportadores.uid, pedidos.transportadorUid))
        .leftJoin(munO, eq(munO.ibge, pedidos.origemMunicipioIbge))
        .leftJoin(munD, eq(munD.ibge, pedidos.destinoMunicipioIbge)),
    toItem: (r) => numeros(r, ['pesoKg', 'volumeM3', 'valor', 'freteEsperado']),
    refs: { clienteUid: pessoaDoEmbarcador, tipoVeiculoUid: tipoVeiculoVisivel },
    sortable: { numero: pedidos.numero, status: pedidos.status, dataPrevista: pedidos.dataPrevista, valor: pedidos.valor, criadoEm: pedidos.criadoEm },
    defaultSort: 'criadoEm',
    defaultOrder: 'DESC',
    filters: {
      numero: { column: pedidos.numero, kind: 'text' },
      status: { column: pedidos.status, kind: 'int' },
      clienteUid: { column: pedidos.clienteUid, kind: 'uid' },
      transportadorUid: { column: pedidos.transportadorUid, kind: 'uid' },
      dataPrevista: { column: pedidos.dataPrevista, kind: 'date', range: true },
    },
    actions,
    hooks: {
      async validate(tx, ctx, values, existing) {
        await exigirMunicipios(tx, values);
        const [dup] = await tx
          .select({ uid: pedidos.uid })
          .from(pedidos)
          .where(
            and(
              eq(pedidos.embarcadorUid, exigirEmbarcador(ctx)),
              eq(pedidos.numero, values.numero as string),
              existing ? ne(pedidos.uid, existing.uid as string) : undefined,
            ),
          );
        if (dup) throw AppError.conflict('Já existe um pedido com este número.', [{ field: 'numero', message: 'Já existe um pedido com este número.' }], 'DUPLICADO');
        if (existing) exigirNaoFaturado(existing);
        else values.criadoPor = ctx.usuarioUid;
      },
      async beforeDelete(_tx, _ctx, existing) {
        if (existing.status !== PEDIDO.ABERTO) throw AppError.conflict(`Só um pedido 'Aberto' pode ser excluído (este está '${statusLabel('pedido', existing.status as number)}').`);
      },
    },
  });
}
