import { and, eq } from 'drizzle-orm';
import { departamento, departamentoInput, z } from '@fretio/core';
import { centrosCusto, departamentos } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

registerUniqueConstraint('departamentos_nome_uq', 'nome', 'Já existe um departamento com este nome.');

export const departamentosResource = defineResource({
  nome: 'Departamento',
  path: '/departamentos',
  recurso: 'departamentos',
  table: departamentos,
  uid: departamentos.uid,
  scope: doEmbarcador(departamentos.embarcadorUid),
  item: departamento,
  input: departamentoInput,
  select: {
    uid: departamentos.uid,
    nome: departamentos.nome,
    descricao: departamentos.descricao,
    centroCustoUid: departamentos.centroCustoUid,
    centroCustoNome: centrosCusto.nome,
    ativo: departamentos.ativo,
    criadoEm: departamentos.criadoEm,
    atualizadoEm: departamentos.atualizadoEm,
  },
  from: (q) => q.leftJoin(centrosCusto, eq(centrosCusto.uid, departamentos.centroCustoUid)),
  sortable: { nome: departamentos.nome, ativo: departamentos.ativo, centroCustoNome: centrosCusto.nome, criadoEm: departamentos.criadoEm },
  defaultSort: 'nome',
  filters: {
    nome: { column: departamentos.nome, kind: 'text' },
    ativo: { column: departamentos.ativo, kind: 'bool' },
    centroCustoUid: { column: departamentos.centroCustoUid, kind: 'uid' },
  },
  // par=ativos: only active departments (the client's selection lists).
  listQuery: { par: z.enum(['ativos']).optional().describe("'ativos' lista só os departamentos ativos") },
  listWhere: (q) => (q.par === 'ativos' ? eq(departamentos.ativo, true) : undefined),
  hooks: {
    async validate(tx, ctx, values) {
      const cc = values.centroCustoUid as string | null | undefined;
      if (!cc) return;
      const found = await tx
        .select({ uid: centrosCusto.uid })
        .from(centrosCusto)
        .where(and(eq(centrosCusto.uid, cc), eq(centrosCusto.embarcadorUid, ctx.embarcadorUid as string)));
      if (!found.length) throw AppError.field('centroCustoUid', 'Centro de custo não encontrado.');
    },
  },
});
