import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { agendar } from '../../framework/agenda.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { capturarSefaz, itensDaCaptura } from './captura.ts';

// The hourly SEFAZ capture: every few minutes, each shipper that switched it on (parameter
// sefazCapturaAtiva) and has a certificate gets a capture task when its last one is an hour old.
// Several instances may look at once: the partial unique index on tarefas keeps one per shipper.

export async function agendarCapturas(app: FastifyInstance) {
  const devidos = (await app.db.execute(sql`
    select e.uid from embarcadores e
    join parametros_embarcador p on p.embarcador_uid = e.uid and p.chave = 'sefazCapturaAtiva' and p.valor = 'true'::jsonb
    where e.ativo and e.certificado_arquivo_uid is not null
      and not exists (select 1 from tarefas t where t.embarcador_uid = e.uid and t.tipo = ${capturarSefaz.tipo}
                      and (t.status in (1, 2) or t.criado_em > now() - interval '55 minutes'))`)) as unknown as { rows: { uid: string }[] };
  let criadas = 0;
  for (const { uid } of devidos.rows) {
    try {
      await criarTarefa(app.db, { embarcadorUid: uid }, capturarSefaz, {}, await itensDaCaptura(app.db, uid));
      criadas++;
    } catch (e) {
      // Another instance queued it first (tarefas_captura_sefaz_uq).
      if ((e as { code?: string })?.code !== '23505' && (e as { cause?: { code?: string } })?.cause?.code !== '23505') throw e;
    }
  }
  return criadas;
}

export function iniciarAgendador(app: FastifyInstance) {
  agendar(app, 'agenda da SEFAZ', { intervaloMs: app.config.sefaz.agendaMs }, () => agendarCapturas(app));
}
