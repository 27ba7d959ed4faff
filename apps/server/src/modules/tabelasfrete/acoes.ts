import { reajusteInput, tabelaFrete, z, zTextoOpcional } from '@fretio/core';
import { acaoDeStatus } from '../../framework/acoes.ts';
import { reler } from '../../framework/crud.ts';
import type { ActionDef } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { eq, sql } from 'drizzle-orm';
import { tabelasFrete } from '../../db/schema/index.ts';
import { exigirAprovador, exigirAtivavel } from './ativacao.ts';
import { STATUS_ATIVO } from './itens.ts';
import { TABELA_HISTORICA, type TabelaRow } from './repository.ts';
import { duplicar, reajustar } from './service.ts';

// Commands on one freight table, declared on its resource: the framework locks the table first,
// runs the command and writes the audit row in one transaction.

const somenteVigente = (row: Record<string, unknown>) => {
  if (row.historica) throw AppError.conflict(TABELA_HISTORICA, undefined, 'TABELA_HISTORICA');
};

export const acoesTabelaFrete: ActionDef[] = [
  acaoDeStatus({
    maquina: 'tabelaFrete',
    summary: 'Muda o status da tabela (Ativo exige a tabela inteira válida)',
    async validar(tx, ctx, row, para) {
      somenteVigente(row);
      if (para === STATUS_ATIVO) {
        await exigirAtivavel(tx, ctx, row as TabelaRow);
        await exigirAprovador(tx, ctx, row);
      }
    },
    async depois(tx, ctx, row, para) {
      if (para === STATUS_ATIVO)
        await tx.update(tabelasFrete).set({ aprovadoPor: ctx.usuarioUid, aprovadoEm: sql`now()` }).where(eq(tabelasFrete.uid, row.uid as string));
    },
  }),
  {
    path: 'duplicar',
    method: 'POST',
    permission: 'criar',
    status: 201,
    summary: 'Copia a tabela inteira numa nova tabela em Validação',
    description: 'Rotas, regras, faixas, generalidades, prioridades e restrições (com remetentes e destinatários). Nome padrão: "Cópia de <nome>".',
    input: z.object({ nome: zTextoOpcional(150) }),
    output: tabelaFrete,
    auditoria: 'copiada',
    async run(tx, ctx, row, input, def) {
      const nova = await duplicar(tx, ctx, row as TabelaRow, (input.nome as string | null) ?? null);
      return reler(tx, def, ctx, nova);
    },
  },
  {
    path: 'reajustar',
    method: 'POST',
    permission: 'criar',
    status: 201,
    summary: 'Nova versão da tabela para outra vigência, com reajuste percentual',
    description:
      'Valores em dinheiro (FIXO, POR_UNIDADE, faixas, mínimos, máximos, frete mínimo) × (1 + percentual/100), arredondados a centavos (meio para cima); ' +
      'percentuais (ad valorem, GRIS) ficam. A versão anterior termina na véspera do novo início e vira histórico somente leitura (409 ao alterar).',
    input: reajusteInput as unknown as z.ZodObject,
    output: tabelaFrete,
    auditoria: 'reajustada',
    async run(tx, ctx, row, input, def) {
      const nova = await reajustar(tx, ctx, row as TabelaRow, input as z.infer<typeof reajusteInput>);
      return reler(tx, def, ctx, nova);
    },
  },
];
