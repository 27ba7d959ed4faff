import type { CotacaoFrete } from '@fretio/core';
import { cotacoesFrete } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { reler } from '../../framework/crud.ts';
import type { ResourceDef, Tx } from '../../framework/resource.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { RECURSO_COTACAO, exigirUsuarioEmbarcador } from './acesso.ts';

// Creating a quotation (Rascunho) from another record's cargo: an order (pedidos/gerar-cotacao) or a
// shipment (embarque/gerar-cotacao). Places and vehicle come from the source; cargo lines and NF-es are
// copied with `copiar` (SQL inserts into carga_produtos/carga_nfes with cotacao_uid). Audit row included.

export type DadosCotacao = {
  origemCep: string | null;
  origemMunicipioIbge: string | null;
  destinoCep: string | null;
  destinoMunicipioIbge: string | null;
  destinatarioUid?: string | null;
  remetenteUid?: string | null;
  dataColetaDesejada?: string | null;
  tipoVeiculoUid?: string | null;
  observacao?: string | null;
};

export async function criarCotacaoDe(
  tx: Tx,
  ctx: RequestContext,
  defCotacao: ResourceDef,
  dados: DadosCotacao,
  copiar: (tx: Tx, cotacaoUid: string) => Promise<void>,
  origem: Record<string, unknown>,
): Promise<CotacaoFrete> {
  exigirUsuarioEmbarcador(ctx);
  const [c] = await tx
    .insert(cotacoesFrete)
    .values({
      embarcadorUid: exigirEmbarcador(ctx),
      origemCep: dados.origemCep,
      origemMunicipioIbge: dados.origemMunicipioIbge,
      destinoCep: dados.destinoCep,
      destinoMunicipioIbge: dados.destinoMunicipioIbge,
      remetenteUid: dados.remetenteUid ?? null,
      destinatarioUid: dados.destinatarioUid ?? null,
      dataColetaDesejada: dados.dataColetaDesejada ?? null,
      tipoVeiculoUid: dados.tipoVeiculoUid ?? null,
      observacao: dados.observacao ?? null,
      criadoPor: ctx.usuarioUid,
    })
    .returning({ uid: cotacoesFrete.uid });
  await copiar(tx, c.uid);
  const novo = (await reler(tx, defCotacao, ctx, c.uid)) as CotacaoFrete;
  await registrarAuditoria(tx, ctx, RECURSO_COTACAO, c.uid, 'criar', null, { ...novo, ...origem });
  return novo;
}
