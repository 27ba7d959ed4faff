import { sql } from 'drizzle-orm';
import { auditoriaSistema } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { fatias } from '../../lib/lotes.ts';
import { atualizarRastreio } from '../tracking/service.ts';

// Late linking: an NF-e typed by hand before its XML was imported — a cargo line of a request,
// quotation, shipment or pickup order (nfe_uid null), or a virtual note of the register linked to an
// order or a load plan — is linked to the real note when it is imported, inside the import's
// transaction. The typed values stay as they were; each record it touches gets a timeline row.
//
// Rules: a cargo line links by access key; without a key, by issuer CNPJ + series + number; without
// key and CNPJ, by series + number when the imported note is the shipper's only real, non-cancelled
// note with them (the same rule as typing the line after the import: solicitacoesfrete/carga.ts).
// A virtual note replaced by the real one (nfes/service.ts, same issuer, series and number) hands it
// its orders, load-plan documents and cargo lines, and its tracking: the public link's token (the link the
// customer already has keeps working, now on the real note), the promised date and the occurrence events.

type Quem = { embarcadorUid: string; usuarioUid: string | null };
type Linhas<T> = { rows: T[] };

const DONOS = [
  ['solicitacao_uid', 'solicitacoesfrete'],
  ['cotacao_uid', 'cotacoesfrete'],
  ['embarque_uid', 'embarque'],
  ['ordem_coleta_uid', 'ordenscoleta'],
] as const;

type Auditoria = (typeof auditoriaSistema.$inferInsert)[];
type NotaImportada = { uid: string; chave: string | null; numero: number; serie: number; emitente: string | null; cancelada: boolean; mesmas: number; virtuais: string[] };
const texto = (n: NotaImportada) => `NF-e ${n.numero} série ${n.serie} importada: vinculada à nota digitada`;

/** One newly imported NF-e (nfes/service.ts salvarNfe). */
export async function vincularNfeImportada(tx: Tx, quem: Quem, nfeUid: string): Promise<void> {
  await vincularNfesImportadas(tx, quem, [nfeUid]);
}

/**
 * Newly imported NF-es, a group at a time (nfes/lote.ts): one statement reads them, one links every typed
 * cargo line to its note, one writes the timeline rows — or they are appended to `auditoriaExterna`, which
 * the caller inserts with its own. A replaced virtual note's links move note by note (rare).
 */
export async function vincularNfesImportadas(tx: Tx, quem: Quem, nfeUids: readonly string[], auditoriaExterna?: Auditoria): Promise<void> {
  const auditoria: Auditoria = auditoriaExterna ?? [];
  for (const lote of fatias([...nfeUids], 500)) await vincularLote(tx, quem, lote, auditoria);
  if (!auditoriaExterna) for (const lote of fatias(auditoria, 500)) await tx.insert(auditoriaSistema).values(lote);
}

async function vincularLote(tx: Tx, quem: Quem, nfeUids: string[], auditoria: Auditoria) {
  const notas = ((await tx.execute(sql`
    select n.uid, n.chave, n.numero, n.serie, n.emitente_documento as emitente, n.cancelada,
      (select count(*) from nfes u where u.embarcador_uid = n.embarcador_uid and u.numero = n.numero and u.serie = n.serie
        and not u.virtual and not u.cancelada)::int as mesmas,
      (select coalesce(json_agg(v.uid), '[]'::json) from nfes v where v.embarcador_uid = n.embarcador_uid and v.emitente_documento = n.emitente_documento
        and v.serie = n.serie and v.numero = n.numero and v.virtual and v.substituida_por_uid = n.uid) as virtuais
    from nfes n where n.uid in (${sql.join(nfeUids.map((u) => sql`${u}`), sql`, `)}) and n.embarcador_uid = ${quem.embarcadorUid}
      and not n.virtual and not n.cancelada`)) as unknown as Linhas<NotaImportada>).rows;
  if (!notas.length) return;
  const porUid = new Map(notas.map((n) => [n.uid, n]));
  const registrar = (n: NotaImportada, recurso: string, registroUid: string, antes: string | null, extra: Record<string, unknown> = {}) =>
    auditoria.push({
      embarcadorUid: quem.embarcadorUid,
      usuarioUid: quem.usuarioUid,
      recurso,
      registroUid,
      acao: 'vincular-nfe',
      antes: { nfeUid: antes },
      depois: { nfeUid: n.uid, ...extra, justificativa: texto(n) },
    });

  // Cargo lines typed without a link: each to one note (by key first).
  const valores = sql.join(
    notas.map((n) => sql`(${n.uid}::uuid, ${n.chave}::text, ${n.numero}::int, ${n.serie}::int, ${n.emitente && n.emitente.length === 14 ? n.emitente : null}::text, ${n.mesmas === 1}::boolean)`),
    sql`, `,
  );
  const digitadas = ((await tx.execute(sql`
    update carga_nfes c set nfe_uid = m.nfe_uid, atualizado_em = now() from (
      select distinct on (c.uid) c.uid, v.nfe_uid from carga_nfes c
        join (values ${valores}) as v(nfe_uid, chave, numero, serie, emitente, unica)
          on c.chave = v.chave
            or (c.chave is null and c.numero = v.numero and c.serie = v.serie and (c.emitente_cnpj = v.emitente or (c.emitente_cnpj is null and v.unica)))
        left join solicitacoes_frete s on s.uid = c.solicitacao_uid
        left join cotacoes_frete q on q.uid = c.cotacao_uid
        left join embarques e on e.uid = c.embarque_uid
        left join ordens_coleta o on o.uid = c.ordem_coleta_uid
      where c.nfe_uid is null
        and coalesce(s.embarcador_uid, q.embarcador_uid, e.embarcador_uid, o.embarcador_uid) = ${quem.embarcadorUid}
      order by c.uid, coalesce(c.chave = v.chave, false) desc
    ) m where c.uid = m.uid and c.nfe_uid is null
    returning c.uid, m.nfe_uid, c.solicitacao_uid, c.cotacao_uid, c.embarque_uid, c.ordem_coleta_uid`)) as unknown as Linhas<Record<string, string | null>>).rows;
  for (const l of digitadas) {
    const [col, recurso] = DONOS.find(([c]) => l[c]) ?? DONOS[0];
    registrar(porUid.get(l.nfe_uid as string) as NotaImportada, recurso, l[col] as string, null, { linhaUid: l.uid });
  }
  for (const n of notas) if (n.virtuais.length) await herdarDaVirtual(tx, quem, n, auditoria, registrar);
}

/** Links of the virtual note(s) a real one replaced move to it: orders, load plans, cargo lines, tracking. */
async function herdarDaVirtual(tx: Tx, quem: Quem, n: NotaImportada, auditoria: Auditoria, registrar: (n: NotaImportada, recurso: string, registroUid: string, antes: string | null, extra?: Record<string, unknown>) => void) {
  const nfeUid = n.uid;
  const virtuais = sql.join(n.virtuais.map((v) => sql`${v}`), sql`, `);
  const pedidos = ((await tx.execute(sql`update pedidos set nfe_uid = ${nfeUid}, atualizado_em = now()
    where nfe_uid in (${virtuais}) and embarcador_uid = ${quem.embarcadorUid} returning uid`)) as unknown as Linhas<{ uid: string }>).rows;
  for (const p of pedidos) registrar(n, 'pedidos', p.uid, n.virtuais[0]);
  const planos = ((await tx.execute(sql`update planejamento_documentos d set nfe_uid = ${nfeUid}
    from planejamentos_carga p where p.uid = d.planejamento_uid and p.embarcador_uid = ${quem.embarcadorUid} and d.nfe_uid in (${virtuais})
    returning d.planejamento_uid`)) as unknown as Linhas<{ planejamento_uid: string }>).rows;
  for (const p of planos) registrar(n, 'planejamento-carga', p.planejamento_uid, n.virtuais[0]);
  const linhas = ((await tx.execute(sql`update carga_nfes set nfe_uid = ${nfeUid}, atualizado_em = now() where nfe_uid in (${virtuais})
    returning uid, solicitacao_uid, cotacao_uid, embarque_uid, ordem_coleta_uid`)) as unknown as Linhas<Record<string, string | null>>).rows;
  for (const l of linhas) {
    const [col, recurso] = DONOS.find(([c]) => l[c]) ?? DONOS[0];
    registrar(n, recurso, l[col] as string, n.virtuais[0], { linhaUid: l.uid });
  }
  await moverRastreio(tx, quem, nfeUid, n.virtuais, `NF-e ${n.numero} série ${n.serie} importada: rastreamento da NF-e virtual transferido`, auditoria);
}

/**
 * Tracking of the replaced virtual note(s) → the real one, in the import's transaction: the occurrence events,
 * and the `rastreios` row with its public token and promised date (the newest one when several virtual notes
 * were replaced; the real note, just inserted, has none yet). Without a promised date on the virtual note, the
 * real one's is computed now (its carrier and places come from the XML). One history row on the real note.
 */
async function moverRastreio(tx: Tx, quem: Quem, nfeUid: string, virtuaisUids: string[], texto: string, auditoria: (typeof auditoriaSistema.$inferInsert)[]) {
  const virtuais = sql.join(virtuaisUids.map((v) => sql`${v}`), sql`, `);
  const eventos = ((await tx.execute(sql`update eventos_ocorrencia set nfe_uid = ${nfeUid}, atualizado_em = now()
    where nfe_uid in (${virtuais}) and embarcador_uid = ${quem.embarcadorUid} returning uid`)) as unknown as Linhas<{ uid: string }>).rows;
  const [r] = ((await tx.execute(sql`select nfe_uid, data_prevista::text as data_prevista from rastreios
    where nfe_uid in (${virtuais}) and embarcador_uid = ${quem.embarcadorUid} order by atualizado_em desc limit 1 for update`)) as unknown as Linhas<{
    nfe_uid: string;
    data_prevista: string | null;
  }>).rows;
  if (r) {
    await tx.execute(sql`delete from rastreios where nfe_uid = ${nfeUid}`);
    await tx.execute(sql`update rastreios set nfe_uid = ${nfeUid}, atualizado_em = now() where nfe_uid = ${r.nfe_uid}`);
    await atualizarRastreio(tx, nfeUid, { recalcularPrazo: r.data_prevista === null });
  }
  if (!r && !eventos.length) return;
  auditoria.push({
    embarcadorUid: quem.embarcadorUid,
    usuarioUid: quem.usuarioUid,
    recurso: 'tracking',
    registroUid: nfeUid,
    acao: 'transferir-rastreio',
    antes: { nfeUid: r?.nfe_uid ?? virtuaisUids[0] },
    depois: { nfeUid, linkPublico: !!r, dataPrevista: r?.data_prevista ?? null, eventos: eventos.length, justificativa: texto },
  });
}
