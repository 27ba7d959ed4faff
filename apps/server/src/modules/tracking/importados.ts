import { sql } from 'drizzle-orm';
import { resumirEventos } from '@fretio/core';
import { rastreios } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { fatias } from '../../lib/lotes.ts';
import { type Acordo, type Cache, type NfeRastreio, acordosDoEmbarque, calcularPrazo, novoToken } from './service.ts';

// Tracking rows for a group of NF-es an import just saved (nfes/lote.ts), in a fixed number of statements.

/**
 * The tracking rows of NF-es just imported (nfes/lote.ts; none has a row yet, none replaced a virtual note), a
 * group at a time: one statement links the OCOREN events that came first (by issuer + series + number) and
 * returns them, one reads the agreed deadlines, one inserts the rows; the promised dates' lookups are cached
 * for the task (`cache`).
 */
export async function criarRastreiosImportados(tx: DbOrTx, embarcadorUid: string, notas: readonly NfeRastreio[], cache?: Cache) {
  if (!notas.length) return;
  const comEmitente = notas.filter((n) => n.emitenteDocumento);
  const eventos = new Map<string, { dataHora: string; acao: number | null }[]>();
  if (comEmitente.length) {
    const valores = sql.join(comEmitente.map((n) => sql`(${n.uid}::uuid, ${n.emitenteDocumento}::text, ${n.numero}::bigint, ${n.serie}::int)`), sql`, `);
    const r = (await tx.execute(sql`with ligados as (
        update eventos_ocorrencia e set nfe_uid = v.uid
        from (values ${valores}) as v(uid, emitente, numero, serie)
        where e.embarcador_uid = ${embarcadorUid} and e.nfe_uid is null and e.cnpj_emissor_nf = v.emitente
          and e.numero_nf ~ '^[0-9]+$' and e.numero_nf::bigint = v.numero
          and (e.serie_nf = '' or (e.serie_nf ~ '^[0-9]+$' and e.serie_nf::int = v.serie))
        returning e.nfe_uid, e.data_hora, e.ocorrencia_uid)
      select l.nfe_uid as "nfeUid", to_json(l.data_hora) #>> '{}' as "dataHora", o.acao from ligados l left join ocorrencias o on o.uid = l.ocorrencia_uid`)) as unknown as {
      rows: { nfeUid: string; dataHora: string; acao: number | null }[];
    };
    for (const e of r.rows) {
      const lista = eventos.get(e.nfeUid) ?? [];
      lista.push({ dataHora: e.dataHora, acao: e.acao });
      eventos.set(e.nfeUid, lista);
    }
  }
  const acordos = await acordosDoEmbarque(tx, embarcadorUid, notas);
  const linhas: (typeof rastreios.$inferInsert)[] = [];
  for (const n of notas) {
    const resumo = resumirEventos(eventos.get(n.uid) ?? []);
    const prazo = await calcularPrazo(tx, n, { acordo: acordos.get(n.uid) as Acordo, cache });
    linhas.push({ nfeUid: n.uid, embarcadorUid, token: novoToken(), dataEntrega: resumo.dataEntrega, tentativas: resumo.tentativas, excecao: resumo.excecao, ultimoEventoEm: resumo.ultimoEventoEm, ...prazo });
  }
  for (const lote of fatias(linhas, 500)) await tx.insert(rastreios).values(lote).onConflictDoNothing();
}

