import { type SQL, and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Acao, type StatusKey, TIPO_USUARIO, type TipoNotificacao, statusLabel } from '@fretio/core';
import { embarcadores, transportadores } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { type RequestContext, exigirEmbarcador, temPermissao } from '../plugins/auth/context.ts';
import { notificar as gravarNotificacao } from '../modules/notificacoes/service.ts';
import { TRANSICAO_INVALIDA, exigirTransicao, statusInput } from './acoes.ts';
import { type ActionDef, type DbOrTx, SEM_MUDANCA, type Scope, type Tx } from './resource.ts';

// A record that goes back and forth between a shipper and a carrier (quotations, pickup orders; the
// next ones: disputes, appointments…), declared once with `definirFluxo`:
//   - who sees which row: the shipper's users every row of the active shipper; the carrier's users (the
//     carrier portal) only the rows the declaration gives their carrier (`doTransportador`) — the scope,
//     the visibility check of sub-collections, the row lock and "may the data still change?" (409);
//   - named commands over a status machine (`comando`): the rule of the command (409 TRANSICAO_INVALIDA
//     naming both statuses), the justification it needs (400), the module's own checks, the status write
//     and the notification of the other party — in this order, nothing written before every check passed;
//   - the record's actions (`acao`, `acaoDeStatus`): who may run them (only the shipper's users, or the
//     party that answers: the record's carrier or a shipper user with 'alterar' on its behalf), run by
//     the framework's executarAcao (row locked first, audit row in the same transaction).

type Row = Record<string, unknown>;

export const ehUsuarioTransportador = (ctx: RequestContext) => ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;

/** Only the shipper's users run it (403 for carrier users, whatever their role says). */
export function exigirUsuarioEmbarcador(ctx: RequestContext) {
  if (ehUsuarioTransportador(ctx)) throw AppError.forbidden('Operação exclusiva do embarcador.');
}

export type FluxoDef<T extends PgTable> = {
  /** Permission resource, the notification's record and its screen ('/<recurso>?ftr_numero=N'). */
  recurso: string;
  table: T;
  uid: PgColumn;
  embarcador: PgColumn;
  maquina: StatusKey;
  /** 'A cotação': "A cotação está 'Fechada' e não pode ser alterada." */
  rotulo: string;
  /** The participle of that message, by the label's gender (default 'alterada'; 'O embarque' … 'alterado'). */
  alterado?: 'alterado' | 'alterada';
  /** 'Cotação': the notification's title "Cotação nº 12". */
  titulo: string;
  /** Statuses in which the shipper still changes the record's data, cargo and attachments. */
  editavel: number[];
  /** The rows a carrier's user sees, beyond the active shipper's (its carrier, the statuses shown to it). */
  doTransportador(transportadorUid: string): SQL | undefined;
  /** A carrier answering for another: 403 with this message. */
  outroTransportador: string;
  /** null when the named command may run on the row; otherwise the pt-BR reason (409 TRANSICAO_INVALIDA). */
  comandoProibido(row: Row, comando: string): string | null;
};

/** Who may run an action: 'embarcador' — the shipper's users only; 'parte' — the record's carrier, or a
 *  shipper user holding 'alterar' (on the carrier's behalf). */
export type Quem = 'embarcador' | 'parte';

export type Aviso = {
  tipo: TipoNotificacao;
  /** Carrier kinds: the carrier whose users are told; without it the shipper's users are. */
  transportadorUid?: string | null;
  mensagem: string;
};

export type Comando = {
  /** Required justification: [text given, message when missing] (400 on 'justificativa'). */
  justificativa?: [string | null, string];
  /** The module's checks after the command's rule, before any write (throw AppError). */
  validar?(): Promise<void>;
  /** Columns written (atualizadoEm is added). */
  set: Row;
  /** The other party told, in the same transaction (none when null/absent). */
  aviso?: () => Promise<Aviso | null>;
};

export function definirFluxo<T extends PgTable>(def: FluxoDef<T>) {
  type Linha = T['$inferSelect'];

  function condicao(ctx: RequestContext): SQL | undefined {
    const doEmbarcador = eq(def.embarcador, exigirEmbarcador(ctx));
    if (!ehUsuarioTransportador(ctx)) return doEmbarcador;
    if (!ctx.transportadorUid) return sql`false`;
    return and(doEmbarcador, def.doTransportador(ctx.transportadorUid));
  }

  const escopo: Scope = {
    where: (ctx) => condicao(ctx),
    values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }),
    // A shipper's user sees exactly the shipper's rows (a maintained total applies); a carrier's user fewer.
    colunaEmbarcador: def.embarcador,
    soEmbarcador: (ctx) => !ehUsuarioTransportador(ctx),
  };

  async function visivel(db: DbOrTx, ctx: RequestContext, uid: string) {
    const r = await db.select({ uid: def.uid }).from(def.table as PgTable).where(and(eq(def.uid, uid), condicao(ctx)));
    return r.length > 0;
  }

  /** Locks the record (as ctx sees it) and returns it; 404 when not visible. */
  async function travar(tx: Tx, ctx: RequestContext, uid: string): Promise<Linha> {
    const [r] = await tx.select().from(def.table as PgTable).where(and(eq(def.uid, uid), condicao(ctx))).for('update');
    if (!r) throw AppError.notFound();
    return r as Linha;
  }

  /** The record locked for a change of its data, cargo or attachments: the shipper's only (403), while editable (409). */
  async function paraAlterar(tx: Tx, ctx: RequestContext, uid: string): Promise<Linha> {
    exigirUsuarioEmbarcador(ctx);
    const r = await travar(tx, ctx, uid);
    const status = (r as Row).status as number;
    if (!def.editavel.includes(status)) {
      throw AppError.conflict(`${def.rotulo} está '${statusLabel(def.maquina, status)}' e não pode ser ${def.alterado ?? 'alterada'}.`);
    }
    return r;
  }

  /** The carrier answers for its own records; a shipper user answers on its behalf only with 'alterar' (403). */
  function exigirParte(ctx: RequestContext, transportadorUid: unknown) {
    if (ehUsuarioTransportador(ctx)) {
      if (!ctx.transportadorUid || ctx.transportadorUid !== transportadorUid) throw AppError.forbidden(def.outroTransportador);
    } else if (!temPermissao(ctx, def.recurso, 'alterar')) throw AppError.forbidden();
  }

  function exigirComando(row: Row, comando: string) {
    const erro = def.comandoProibido(row, comando);
    if (erro) throw AppError.conflict(erro, [{ field: 'status', message: erro }], TRANSICAO_INVALIDA);
  }

  async function mudar(tx: Tx, uid: string, set: Row) {
    const s: Row = { ...set };
    if ('atualizadoEm' in getTableColumns(def.table)) s.atualizadoEm = sql`now()`;
    await tx.update(def.table).set(s as never).where(eq(def.uid, uid));
  }

  async function nome(tx: DbOrTx, parte: 'embarcador' | 'transportador', uid: string) {
    const tabela = parte === 'embarcador' ? embarcadores : transportadores;
    const [r] = await tx.select({ nome: tabela.nomeFantasia, razao: tabela.nome }).from(tabela).where(eq(tabela.uid, uid));
    return r?.nome ?? r?.razao ?? '';
  }

  /** Tells the other party about the record (bell + e-mail by the shipper's parameters). */
  async function notificar(tx: DbOrTx, ctx: RequestContext, row: Row, aviso: Aviso) {
    await gravarNotificacao(tx, {
      tipo: aviso.tipo,
      embarcadorUid: row.embarcadorUid as string,
      ...(aviso.transportadorUid ? { transportadorUid: aviso.transportadorUid } : {}),
      registro: { recurso: def.recurso, uid: row.uid as string, titulo: `${def.titulo} nº ${row.numero}` },
      link: `/${def.recurso}?ftr_numero=${row.numero}`,
      autorUid: ctx.usuarioUid,
      mensagem: aviso.mensagem,
    });
  }

  /** Runs the named command on the locked row: rule (409), justification (400), checks, write, notification. */
  async function comando(tx: Tx, ctx: RequestContext, row: Row, nomeComando: string, c: Comando) {
    exigirComando(row, nomeComando);
    if (c.justificativa && !c.justificativa[0]) throw AppError.field('justificativa', c.justificativa[1]);
    await c.validar?.();
    await mudar(tx, row.uid as string, c.set);
    const aviso = await c.aviso?.();
    if (aviso) await notificar(tx, ctx, row, aviso);
  }

  /** An action on one record, with who may run it checked before `run`. */
  function acao(a: Omit<ActionDef, 'method' | 'permission'> & { method?: 'PUT' | 'POST'; permission?: Acao; quem: Quem }): ActionDef {
    const { quem, run, ...resto } = a;
    return {
      method: 'PUT',
      permission: 'alterar',
      ...resto,
      async run(tx, ctx, row, input, d) {
        if (quem === 'embarcador') exigirUsuarioEmbarcador(ctx);
        else exigirParte(ctx, row.transportadorUid);
        return run(tx, ctx, row, input, d);
      },
    };
  }

  /**
   * PUT atualizarstatus {status, justificativa}: the shipper's users; the same status is a no-op; the
   * machine decides first (409 naming both statuses), then the command of the target status runs.
   * A target without a command (reached only by another action) answers 409 `semComando`.
   */
  function acaoDeStatus(o: {
    summary: string;
    description: string;
    comandos: Record<number, (tx: Tx, ctx: RequestContext, row: Row, justificativa: string | null) => Promise<void>>;
    semComando?: string;
  }): ActionDef {
    return acao({
      path: 'atualizarstatus',
      quem: 'embarcador',
      summary: o.summary,
      description: o.description,
      input: statusInput(def.maquina),
      auditoria: 'status',
      transicao: { maquina: def.maquina, campo: 'status' },
      async run(tx, ctx, row, input) {
        const para = input.status as number;
        if (para === row.status) return SEM_MUDANCA;
        exigirTransicao(def.maquina, row.status as number, para);
        const fazer = o.comandos[para];
        if (!fazer) throw AppError.conflict(o.semComando ?? `${def.rotulo} não vai para este status por aqui.`, undefined, TRANSICAO_INVALIDA);
        await fazer(tx, ctx, row, (input.justificativa as string | null) ?? null);
        return undefined;
      },
    });
  }

  return { def, condicao, escopo, visivel, travar, paraAlterar, exigirParte, exigirComando, mudar, nome, notificar, comando, acao, acaoDeStatus };
}

export type Fluxo<T extends PgTable> = ReturnType<typeof definirFluxo<T>>;
