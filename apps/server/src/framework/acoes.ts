import { eq, getTableColumns, sql } from 'drizzle-orm';
import { type Acao, type StatusKey, STATUS, statusValues, transicaoProibida, z, zTextoOpcional } from '@fretio/core';
import { AppError } from '../lib/errors.ts';
import type { RequestContext } from '../plugins/auth/context.ts';
import { type ActionDef, SEM_MUDANCA, type Tx } from './resource.ts';

// Status changes as declared actions: the state machine of packages/core decides, before anything is
// written, whether the change is allowed (409 naming both statuses, code TRANSICAO_INVALIDA).

export const TRANSICAO_INVALIDA = 'TRANSICAO_INVALIDA';

type Row = Record<string, unknown>;

export function statusInput(maquina: StatusKey) {
  const valores = statusValues(maquina);
  return z.object({
    status: z
      .number()
      .int()
      .refine((v) => valores.includes(v), `Deve ser um dos [${valores.join(', ')}]`)
      .describe(STATUS[maquina].values.map((s) => `${s.value} ${s.label}`).join(', ')),
    justificativa: zTextoOpcional(1000),
  });
}

/** Throws the 409 when `de → para` is not an allowed transition of `maquina`. */
export function exigirTransicao(maquina: StatusKey, de: number, para: number, campo = 'status') {
  const proibida = transicaoProibida(maquina, de, para);
  if (proibida) throw AppError.conflict(proibida, [{ field: campo, message: proibida }], TRANSICAO_INVALIDA);
}

export function acaoDeStatus(opts: {
  maquina: StatusKey;
  /** The row's key and column name of the status (default 'status'). */
  campo?: string;
  path?: string;
  method?: 'PUT' | 'POST';
  permission?: Acao;
  summary?: string;
  /** Justification required for these target statuses (400 without one). */
  justificativaPara?: number[];
  /** Further rules for the change (e.g. a complete table before activation); throw to refuse. */
  validar?(tx: Tx, ctx: RequestContext, row: Row, para: number): Promise<void>;
  /** Other writes of the same change (same transaction). */
  depois?(tx: Tx, ctx: RequestContext, row: Row, para: number): Promise<void>;
}): ActionDef {
  const campo = opts.campo ?? 'status';
  return {
    path: opts.path ?? 'atualizarstatus',
    method: opts.method ?? 'PUT',
    permission: opts.permission ?? 'alterar',
    summary: opts.summary ?? `Muda o status (${STATUS[opts.maquina].nome.toLowerCase()})`,
    description: `Transições permitidas: ${STATUS[opts.maquina].values
      .map((s) => `${s.label} → ${s.next.map((n) => STATUS[opts.maquina].values.find((v) => v.value === n)?.label).join(', ') || '—'}`)
      .join('; ')}. Outra transição responde 409 (code ${TRANSICAO_INVALIDA}).`,
    input: statusInput(opts.maquina),
    auditoria: 'status',
    transicao: { maquina: opts.maquina, campo },
    async run(tx, ctx, row, input, def) {
      const para = input.status as number;
      const de = row[campo] as number;
      if (de === para) return SEM_MUDANCA;
      exigirTransicao(opts.maquina, de, para);
      if (opts.justificativaPara?.includes(para) && !input.justificativa) {
        throw AppError.field('justificativa', 'Informe a justificativa');
      }
      await opts.validar?.(tx, ctx, row, para);
      const set: Row = { [campo]: para };
      if ('atualizadoEm' in getTableColumns(def.table)) set.atualizadoEm = sql`now()`;
      await tx.update(def.table).set(set as never).where(eq(def.uid, row.uid as string));
      await opts.depois?.(tx, ctx, row, para);
      return undefined;
    },
  };
}
