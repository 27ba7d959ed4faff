import { eq, sql } from 'drizzle-orm';
import { cotacaoFrete, statusLabel } from '@fretio/core';
import { cotacoesFrete, embarques } from '../../db/schema/index.ts';
import type { ActionDef, ResourceDef } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { criarCotacaoDe } from '../cotacoesfrete/criacao.ts';

// POST embarque/{uid}/gerar-cotacao: a spot quotation (Rascunho) with the shipment's places, vehicle,
// cargo lines and NF-es; the shipment keeps the link (cotacaoUid), so the approved quotation's
// GET cotacoesfrete/{uid}/embarque finds it. Only an Aberto shipment without a quotation.
export function gerarCotacaoEmbarque(defCotacao: () => ResourceDef): ActionDef {
  return {
    path: 'gerar-cotacao',
    method: 'POST',
    permission: 'alterar',
    summary: 'Cria uma cotação spot com os locais, a carga e as NF-es do embarque',
    status: 201,
    output: cotacaoFrete,
    message: 'Cotação criada.',
    async run(tx, ctx, row) {
      if (row.status !== 1) throw AppError.conflict(`O embarque está '${statusLabel('embarque', row.status as number)}': só um embarque 'Aberto' gera cotação.`);
      if (row.cotacaoUid) {
        const [c] = await tx.select({ numero: cotacoesFrete.numero }).from(cotacoesFrete).where(eq(cotacoesFrete.uid, row.cotacaoUid as string));
        const m = `O embarque já tem a cotação nº ${c?.numero ?? '?'}.`;
        throw AppError.conflict(m, [{ field: 'cotacaoUid', message: m }], 'DUPLICADO');
      }
      const cot = await criarCotacaoDe(
        tx,
        ctx,
        defCotacao(),
        {
          origemCep: row.origemCep as string | null,
          origemMunicipioIbge: row.origemMunicipioIbge as string | null,
          destinoCep: row.destinoCep as string | null,
          destinoMunicipioIbge: row.destinoMunicipioIbge as string | null,
          dataColetaDesejada: row.dataEmbarque as string | null,
          tipoVeiculoUid: row.tipoVeiculoUid as string | null,
          observacao: `Embarque nº ${row.numero}`,
        },
        async (t, cotacaoUid) => {
          await t.execute(sql`insert into carga_produtos (cotacao_uid, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor)
            select ${cotacaoUid}, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor from carga_produtos where embarque_uid = ${row.uid} order by criado_em`);
          await t.execute(sql`insert into carga_nfes (cotacao_uid, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes)
            select ${cotacaoUid}, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes from carga_nfes where embarque_uid = ${row.uid} order by criado_em`);
        },
        { embarqueUid: row.uid },
      );
      await tx.update(embarques).set({ cotacaoUid: cot.uid, atualizadoEm: sql`now()` }).where(eq(embarques.uid, row.uid as string));
      return cot;
    },
  };
}
