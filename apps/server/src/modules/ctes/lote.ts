import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DocumentoLido } from '@fretio/core/fiscal';
import { auditoriaSistema, cteComponentes, cteNfes, ctes, documentosXml } from '../../db/schema/index.ts';
import { emitirAposCommit } from '../../framework/eventos.ts';
import type { Tx } from '../../framework/resource.ts';
import type { ItemEmExecucao, ResultadoItem } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fatias } from '../../lib/lotes.ts';
import { type CacheVinculos, type QuemGrava, corta, lerVinculosDoGrupo, linhaXml } from '../nfes/vinculos.ts';
import { nfesPorChave } from './repository.ts';
import { type CteImportado, colunasCte, validarCte } from './service.ts';

// A group of imported CT-es saved set-based (the NF-e's twin: nfes/lote.ts): one read of the keys already
// saved and of CT-es known only from CONEMB, multi-row INSERTs for the CT-es, components, NF-e links, XML
// and timeline, one UPDATE for original ↔ complement links in both directions. The per-document path
// (salvarCte, in its own savepoint) keeps the rare cases: events, a key twice, a saved CT-e the file
// completes, the XML of a CT-e known from CONEMB.

type Lido = { doc: DocumentoLido; assinaturaValida: boolean; xml: Uint8Array; xmlGz?: Uint8Array };

export async function salvarCtesDoGrupo(tx: Tx, quem: QuemGrava, itens: { item: ItemEmExecucao; buscado: unknown }[], cache: CacheVinculos) {
  const out = new Map<string, ResultadoItem | Error>();
  const novos: { item: ItemEmExecucao; doc: CteImportado }[] = [];
  for (const { item, buscado } of itens) {
    const b = buscado as Lido;
    if (b.doc.tipo === 'evento') continue;
    if (b.doc.tipo !== 'cte') {
      out.set(item.uid, AppError.field('file', 'o arquivo não é um CT-e'));
      continue;
    }
    try {
      validarCte(b.doc);
    } catch (e) {
      out.set(item.uid, e as Error);
      continue;
    }
    novos.push({ item, doc: { lida: b.doc, assinaturaValida: b.assinaturaValida, xml: b.xml, xmlGz: b.xmlGz, nome: item.nome } });
  }
  if (!novos.length) return out;

  const comEmitente = novos.filter((n) => n.doc.lida.emitente.documento);
  const ja = await tx
    .select({ uid: ctes.uid, chave: ctes.chave, origem: ctes.origemDocumento, emitente: ctes.emitenteDocumento, serie: ctes.serie, numero: ctes.numero, protocolo: ctes.protocolo, cancelado: ctes.cancelado })
    .from(ctes)
    .where(
      and(
        eq(ctes.embarcadorUid, quem.embarcadorUid),
        or(
          inArray(ctes.chave, novos.map((n) => n.doc.lida.chave)),
          comEmitente.length
            ? sql`(${ctes.origemDocumento} = 'EDI' and (${ctes.emitenteDocumento}, ${ctes.serie}, ${ctes.numero}) in (${sql.join(
                comEmitente.map((n) => sql`(${n.doc.lida.emitente.documento}::text, ${n.doc.lida.serie}::int, ${n.doc.lida.numero}::int)`),
                sql`, `,
              )}))`
            : undefined,
        ),
      ),
    );
  const salvos = new Map(ja.map((c) => [c.chave, c]));
  const doEdi = new Set(ja.filter((c) => c.origem === 'EDI').map((c) => `${c.emitente}|${c.serie}|${c.numero}`));
  const vistos = new Set<string>();
  const grupo: typeof novos = [];
  for (const n of novos) {
    const l = n.doc.lida;
    const salvo = salvos.get(l.chave);
    if (salvo) {
      if ((salvo.protocolo || !l.protocolo) && (salvo.cancelado || !l.cancelado)) out.set(n.item.uid, { situacao: 'ignorado', registroUid: salvo.uid, mensagem: 'CT-e já importado' });
      continue;
    }
    if (vistos.has(l.chave) || doEdi.has(`${l.emitente.documento}|${l.serie}|${l.numero}`)) continue;
    vistos.add(l.chave);
    grupo.push(n);
  }
  if (!grupo.length) return out;

  await lerVinculosDoGrupo(tx, quem.embarcadorUid, { transportadores: grupo.map((n) => n.doc.lida.emitente.documento), unidades: [] }, cache);
  const preparados = grupo.map((n) => {
    const l = n.doc.lida;
    const avisos = [...l.avisos];
    if (!n.doc.assinaturaValida) avisos.push('assinatura digital ausente ou inválida');
    const transp = l.emitente.documento ? (cache.get(`t:${quem.embarcadorUid}:${l.emitente.documento}`) as { uid: string; unidadeUid: string | null } | null) : null;
    if (!transp) avisos.push(`emitente ${l.emitente.documento ?? ''} não é um transportador cadastrado/vinculado ao embarcador`);
    return { ...n, avisos, linha: { ...colunasCte(l, n.doc.assinaturaValida), embarcadorUid: quem.embarcadorUid, transportadorUid: transp?.uid ?? null, unidadeTransportadorUid: transp?.unidadeUid ?? null, cteOriginalUid: null, avisos } };
  });
  const uidPorChave = new Map<string, string>();
  for (const lote of fatias(preparados, 100)) {
    const r = await tx.insert(ctes).values(lote.map((p) => p.linha)).returning({ uid: ctes.uid, chave: ctes.chave });
    for (const x of r) uidPorChave.set(x.chave, x.uid);
  }
  const uidDe = (p: (typeof preparados)[number]) => uidPorChave.get(p.doc.lida.chave) as string;
  const componentes = preparados.flatMap((p) => p.doc.lida.componentes.map((c, i) => ({ cteUid: uidDe(p), ordem: i + 1, nome: corta(c.nome, 60) as string, valor: c.valor })));
  for (const lote of fatias(componentes, 500)) await tx.insert(cteComponentes).values(lote);
  // NF-e links by key (those not imported yet are linked when they arrive: nfes/lote.ts).
  const chavesPorCte = preparados.map((p) => [...new Set(p.doc.lida.nfes)]);
  const achadas = new Map<string, string>();
  for (const lote of fatias([...new Set(chavesPorCte.flat())], 500)) for (const [k, v] of await nfesPorChave(tx, quem.embarcadorUid, lote)) achadas.set(k, v);
  const vinculos = preparados.flatMap((p, i) => chavesPorCte[i].map((chave, ordem) => ({ cteUid: uidDe(p), embarcadorUid: quem.embarcadorUid, chave, ordem: ordem + 1, nfeUid: achadas.get(chave) ?? null })));
  for (const lote of fatias(vinculos, 500)) await tx.insert(cteNfes).values(lote);
  preparados.forEach((p, i) => {
    const semNfe = chavesPorCte[i].filter((c) => !achadas.has(c)).length;
    if (semNfe) p.avisos.push(`${semNfe} NF-e citada(s) ainda não importada(s): serão vinculadas quando chegarem`);
  });
  // Original ↔ complement/substitute, both ways: this group's CT-es point to their saved originals, and the
  // complements saved before their original (in this group or earlier) point to it now.
  const uids = sql.join(preparados.map((p) => sql`${uidDe(p)}::uuid`), sql`, `);
  await tx.execute(sql`update ${ctes} c set cte_original_uid = o.uid from ${ctes} o
    where c.embarcador_uid = ${quem.embarcadorUid} and o.embarcador_uid = ${quem.embarcadorUid} and c.cte_original_uid is null
      and c.chave_original = o.chave and (c.uid in (${uids}) or o.uid in (${uids}))`);
  const xmls = preparados.map((p) => linhaXml({ documentoUid: uidDe(p), embarcadorUid: quem.embarcadorUid, tipo: 'cte', nome: p.doc.nome, xml: p.doc.xml, xmlGz: p.doc.xmlGz }));
  for (const lote of fatias(xmls, 100)) await tx.insert(documentosXml).values(lote);
  const auditoria = preparados.map((p) => ({
    embarcadorUid: quem.embarcadorUid,
    usuarioUid: quem.usuarioUid,
    recurso: 'ctes',
    registroUid: uidDe(p),
    acao: 'importar',
    antes: null,
    depois: { chave: p.doc.lida.chave, numero: p.doc.lida.numero, serie: p.doc.lida.serie },
  }));
  for (const lote of fatias(auditoria, 500)) await tx.insert(auditoriaSistema).values(lote);
  for (const p of preparados) {
    const uid = uidDe(p);
    emitirAposCommit(tx, 'cte.importado', { embarcadorUid: quem.embarcadorUid, cteUid: uid, chave: p.doc.lida.chave, novo: true });
    out.set(p.item.uid, p.avisos.length ? { situacao: 'aviso', registroUid: uid, mensagem: p.avisos.join('; ') } : { situacao: 'ok', registroUid: uid });
  }
  return out;
}
