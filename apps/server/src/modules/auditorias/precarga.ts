import { and, eq, inArray } from 'drizzle-orm';
import { documentoValido, somenteDigitos, UID_REGEX } from '@fretio/core';
import { pessoas } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { fatias } from '../../lib/lotes.ts';
import type { abrirMemoLote } from '../../lib/memo-lote.ts';
import { m3DosCtes, partesDosCtes } from '../calculadora/documentos-carga.ts';
import { chaveIsentoCubagem } from '../calculadora/opcoes.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { lerAcordados } from './acordado.ts';
import type { CteCarregado } from './cte.ts';
import { ocorrenciasDosCtes } from './ocorrencias.ts';
import { chaveTabelas, tabelasVigentes } from './tabelas.ts';

// The re-audit batch's set-based read of what calcularAuditoria asks per CT-e (calculo.ts, ocorrencias.ts,
// calculadora/opcoes.ts): each lookup is seeded in the batch's memo under the key the one-CT-e code reads,
// from the SAME statement the one-CT-e code runs for a single CT-e (acordado.ts, tabelas.ts,
// documentos-carga.ts, ocorrencias.ts), so both paths compute on identical inputs.

type Memo = ReturnType<typeof abrirMemoLote>;

export async function precarregarCalculo(tx: Tx, embarcadorUid: string, cs: CteCarregado[], memo: Memo) {
  for (const l of fatias(cs, 250)) {
    const uids = l.map((c) => c.uid);
    const comNfes = l.filter((c) => c.transportadorUid && c.quantidadeNfes).map((c) => ({ uid: c.uid, transportadorUid: c.transportadorUid! }));
    // The carriers' tables of the days not yet read by this task (kept for the task: daTarefa in lote.ts).
    const pares = new Map<string, { transportadorUid: string; data: string }>();
    for (const c of l) {
      if (!c.transportadorUid) continue;
      const data = hojeSaoPaulo(new Date(c.cte.emissao));
      const k = chaveTabelas(c.transportadorUid, data);
      if (!memo.tem(k)) pares.set(k, { transportadorUid: c.transportadorUid, data });
    }
    // One after the other: a transaction's connection runs one statement at a time anyway.
    const acordados = await lerAcordados(tx, embarcadorUid, comNfes);
    const tabelas = await tabelasVigentes(tx, embarcadorUid, [...pares.values()]);
    const partes = await partesDosCtes(tx, uids);
    const m3 = await m3DosCtes(tx, embarcadorUid, uids);
    const ocorrencias = await ocorrenciasDosCtes(tx, embarcadorUid, uids);
    for (const c of comNfes) memo.precarregar(`acordado|${c.uid}`, acordados.get(c.uid) ?? []);
    for (const [k, v] of tabelas) memo.precarregar(k, v);
    for (const u of uids) {
      memo.precarregar(`partes|${u}`, partes.get(u));
      memo.precarregar(`m3|${u}`, m3.get(u));
      memo.precarregar(`ocorrencias|${u}`, ocorrencias.get(u));
    }
    // The recipient the engine is given (the CT-e's, else the one of all its NF-es), as opcoesDoMotor takes
    // it: a valid CPF/CNPJ's digits (a person's uid is left to the one-by-one read).
    const documentos = new Set<string>();
    for (const c of l) {
      const v = c.cte.destinatario?.documento ?? partes.get(c.uid)?.destinatario;
      if (!v || UID_REGEX.test(v)) continue;
      const d = somenteDigitos(v);
      if (documentoValido(d) && !memo.tem(chaveIsentoCubagem(d))) documentos.add(d);
    }
    if (documentos.size) {
      const isentos = new Set((await tx.select({ documento: pessoas.documento }).from(pessoas).where(and(
        eq(pessoas.embarcadorUid, embarcadorUid), inArray(pessoas.documento, [...documentos]), eq(pessoas.isentoCubagem, true),
      ))).map((p) => p.documento));
      for (const d of documentos) memo.precarregar(chaveIsentoCubagem(d), isentos.has(d));
    }
  }
}
