import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { DocumentoLido } from '@fretio/core/fiscal';
import { auditoriaSistema, cteNfes, documentosXml, nfeItens, nfes } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import type { ItemEmExecucao, ResultadoItem } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { fatias } from '../../lib/lotes.ts';
import { vincularNfesImportadas } from '../solicitacoesfrete/vinculo-tardio.ts';
import { criarRastreiosImportados } from '../tracking/importados.ts';
import { type NfeImportada, colunasNfe, linhaDoItem, resultadoNfe, validarNfe } from './service.ts';
import { type CacheVinculos, type QuemGrava, lerVinculosDoGrupo, linhaXml } from './vinculos.ts';

// A group of imported NF-es (≤ ITENS_POR_TRANSACAO) saved set-based, in one transaction with a fixed number of
// statements whatever the group's size: one read of the keys already saved and of open virtual notes, one
// multi-row INSERT each for the notes, their items (500 rows a statement), their XML and the timeline; one
// UPDATE links the CT-es that waited for them, then the late links (vincularNfesImportadas) and tracking rows
// (criarRastreiosImportados) for the whole group. What is rare goes to the per-document path (salvarNfe in its
// own savepoint, left out of the answer): cancellation events, a key that came twice, a saved note that the
// file completes, the replacement of a virtual note.

type Lido = { doc: DocumentoLido; assinaturaValida: boolean; xml: Uint8Array; xmlGz?: Uint8Array };

export async function salvarNfesDoGrupo(tx: Tx, quem: QuemGrava, itens: { item: ItemEmExecucao; buscado: unknown }[], cache: CacheVinculos) {
  const out = new Map<string, ResultadoItem | Error>();
  const novas: { item: ItemEmExecucao; doc: NfeImportada }[] = [];
  for (const { item, buscado } of itens) {
    const b = buscado as Lido;
    if (b.doc.tipo === 'evento') continue; // per document
    if (b.doc.tipo !== 'nfe') {
      out.set(item.uid, AppError.field('file', 'o arquivo não é uma NF-e'));
      continue;
    }
    const doc: NfeImportada = { lida: b.doc, assinaturaValida: b.assinaturaValida, xml: b.xml, xmlGz: b.xmlGz, nome: item.nome };
    try {
      validarNfe(doc.lida);
    } catch (e) {
      out.set(item.uid, e as Error);
      continue;
    }
    novas.push({ item, doc });
  }
  if (!novas.length) return out;

  // Keys already saved and open virtual notes of the same issuer, series and number: one read.
  const comEmitente = novas.filter((n) => n.doc.lida.emitente.documento);
  const ja = await tx
    .select({ chave: nfes.chave, virtual: nfes.virtual, emitente: nfes.emitenteDocumento, serie: nfes.serie, numero: nfes.numero, protocolo: nfes.protocolo, cancelada: nfes.cancelada, uid: nfes.uid })
    .from(nfes)
    .where(
      and(
        eq(nfes.embarcadorUid, quem.embarcadorUid),
        or(
          inArray(nfes.chave, novas.map((n) => n.doc.lida.chave)),
          comEmitente.length
            ? sql`(${nfes.virtual} and ${nfes.substituidaPorUid} is null and (${nfes.emitenteDocumento}, ${nfes.serie}, ${nfes.numero}) in (${sql.join(
                comEmitente.map((n) => sql`(${n.doc.lida.emitente.documento}::text, ${n.doc.lida.serie}::int, ${n.doc.lida.numero}::int)`),
                sql`, `,
              )}))`
            : undefined,
        ),
      ),
    );
  const salvas = new Map(ja.filter((n) => !n.virtual).map((n) => [n.chave, n]));
  const virtuais = new Set(ja.filter((n) => n.virtual).map((n) => `${n.emitente}|${n.serie}|${n.numero}`));
  const vistas = new Set<string>();
  const grupo: typeof novas = [];
  for (const n of novas) {
    const l = n.doc.lida;
    const salva = salvas.get(l.chave);
    if (salva) {
      // Nothing new in the file: "já importada" without touching the row; else the per-document path updates it.
      if ((salva.protocolo || !l.protocolo) && (salva.cancelada || !l.cancelada)) out.set(n.item.uid, { situacao: 'ignorado', registroUid: salva.uid, mensagem: 'NF-e já importada' });
      continue;
    }
    if (vistas.has(l.chave) || virtuais.has(`${l.emitente.documento}|${l.serie}|${l.numero}`)) continue;
    vistas.add(l.chave);
    grupo.push(n);
  }
  if (!grupo.length) return out;

  await lerVinculosDoGrupo(tx, quem.embarcadorUid, { transportadores: grupo.map((n) => n.doc.lida.transportador?.documento ?? null), unidades: grupo.map((n) => [n.doc.lida.emitente.documento, n.doc.lida.destinatario?.documento ?? null]) }, cache);
  const preparadas = grupo.map((n) => {
    const l = n.doc.lida;
    const avisos = [...l.avisos];
    if (!n.doc.assinaturaValida) avisos.push('assinatura digital ausente ou inválida');
    const td = l.transportador?.documento;
    const transportador = td ? (cache.get(`t:${quem.embarcadorUid}:${td}`) as { uid: string } | null) : null;
    if (td && !transportador) avisos.push(`transportador ${td} não está cadastrado/vinculado ao embarcador`);
    const docsUnidade = [l.emitente.documento, l.destinatario?.documento ?? null].filter(Boolean);
    const unidade = docsUnidade.length ? ((cache.get(`u:${quem.embarcadorUid}:${docsUnidade.join(',')}`) as string | null) ?? null) : null;
    if (!unidade) avisos.push('nenhuma unidade do embarcador tem o CNPJ do emitente ou do destinatário');
    return { ...n, avisos, linha: { ...colunasNfe(l, n.doc.assinaturaValida), embarcadorUid: quem.embarcadorUid, transportadorUid: transportador?.uid ?? null, unidadeEmbarcadorUid: unidade, avisos } };
  });

  const uidPorChave = new Map<string, string>();
  for (const lote of fatias(preparadas, 100)) {
    const r = await tx.insert(nfes).values(lote.map((p) => p.linha)).returning({ uid: nfes.uid, chave: nfes.chave });
    for (const x of r) uidPorChave.set(x.chave as string, x.uid);
  }
  const uidDe = (p: (typeof preparadas)[number]) => uidPorChave.get(p.doc.lida.chave) as string;
  const itensNota = preparadas.flatMap((p) =>
    p.doc.lida.itens.map((i) => linhaDoItem(uidDe(p), i)),
  );
  for (const lote of fatias(itensNota, 500)) await tx.insert(nfeItens).values(lote);
  const xmls = preparadas.map((p) => linhaXml({ documentoUid: uidDe(p), embarcadorUid: quem.embarcadorUid, tipo: 'nfe', nome: p.doc.nome, xml: p.doc.xml, xmlGz: p.doc.xmlGz }));
  for (const lote of fatias(xmls, 100)) await tx.insert(documentosXml).values(lote);
  // CT-es imported before these notes cite their keys: linked now.
  const pares = sql.join(preparadas.map((p) => sql`(${p.doc.lida.chave}::text, ${uidDe(p)}::uuid)`), sql`, `);
  await tx.execute(sql`update ${cteNfes} c set nfe_uid = v.uid from (values ${pares}) as v(chave, uid)
    where c.embarcador_uid = ${quem.embarcadorUid} and c.chave = v.chave and c.nfe_uid is null`);

  const auditoria: (typeof auditoriaSistema.$inferInsert)[] = preparadas.map((p) => ({
    embarcadorUid: quem.embarcadorUid,
    usuarioUid: quem.usuarioUid,
    recurso: 'nfes',
    registroUid: uidDe(p),
    acao: 'importar',
    antes: null,
    depois: { chave: p.doc.lida.chave, numero: p.doc.lida.numero, serie: p.doc.lida.serie },
  }));
  await vincularNfesImportadas(tx, quem, preparadas.map(uidDe), auditoria);
  await criarRastreiosImportados(
    tx,
    quem.embarcadorUid,
    preparadas.map((p) => ({
      uid: uidDe(p),
      embarcadorUid: quem.embarcadorUid,
      chave: p.doc.lida.chave,
      emissao: p.linha.emissao,
      transportadorUid: p.linha.transportadorUid,
      emitenteDocumento: p.linha.emitenteDocumento,
      serie: p.linha.serie,
      numero: p.linha.numero,
      emitenteUf: p.linha.emitenteUf,
      emitenteMunicipioIbge: p.linha.emitenteMunicipioIbge,
      destinatarioUf: p.linha.destinatarioUf,
      destinatarioMunicipioIbge: p.linha.destinatarioMunicipioIbge,
    })),
    cache,
  );
  for (const lote of fatias(auditoria, 500)) await tx.insert(auditoriaSistema).values(lote);
  for (const p of preparadas) out.set(p.item.uid, resultadoNfe(uidDe(p), p.avisos));
  return out;
}
