import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CERTIFICADO_LIMIAR_DIAS, FUSO } from '@fretio/core';
import { agendar } from '../../framework/agenda.ts';
import { notificar } from './service.ts';

// The A1 certificate check: every shipper whose certificate expires within CERTIFICADO_LIMIAR_DIAS
// (São Paulo calendar days) is told once per certificate file and threshold (the key below; a new
// certificate is a new file, so it is warned about again when its own time comes). It runs hourly
// (a restart never skips a day) and the key keeps it from repeating; several instances may run it.
const PRIMEIRA_MS = 5 * 60_000;
const INTERVALO_MS = 60 * 60_000;

type Vencendo = { uid: string; arquivo: string; expiracao: string; dias: number };

const dataBr = (iso: string) => iso.split('-').reverse().join('/');

export async function verificarCertificados(app: FastifyInstance): Promise<number> {
  const res = (await app.db.execute(sql`
    select e.uid, e.certificado_arquivo_uid as arquivo, e.expiracao_certificado as expiracao,
           (e.expiracao_certificado::date - (now() at time zone ${FUSO})::date) as dias
    from embarcadores e
    where e.ativo and e.certificado_arquivo_uid is not null and e.expiracao_certificado ~ '^\\d{4}-\\d{2}-\\d{2}$'
      and e.expiracao_certificado::date <= (now() at time zone ${FUSO})::date + ${CERTIFICADO_LIMIAR_DIAS}::int
      and not exists (select 1 from notificacao_disparos d where d.embarcador_uid = e.uid
                      and d.chave = 'certificado:' || e.certificado_arquivo_uid || ':' || ${CERTIFICADO_LIMIAR_DIAS}::int)`)) as unknown as { rows: Vencendo[] };
  let avisados = 0;
  for (const c of res.rows) {
    const dias = Number(c.dias);
    const quando = dias < 0 ? `venceu em ${dataBr(c.expiracao)}` : dias === 0 ? 'vence hoje' : `vence em ${dias} dia${dias === 1 ? '' : 's'} (${dataBr(c.expiracao)})`;
    const r = await app.db.transaction((tx) =>
      notificar(tx, {
        tipo: 'certificado-vencendo',
        embarcadorUid: c.uid,
        registro: { recurso: 'embarcadores', uid: c.uid, titulo: `Certificado digital A1 ${quando}` },
        mensagem: `O certificado digital A1 do embarcador ${quando}. Envie o novo certificado em Meu embarcador para não interromper a captura de documentos na SEFAZ.`,
        link: '/meu-embarcador',
        chave: `certificado:${c.arquivo}:${CERTIFICADO_LIMIAR_DIAS}`,
      }),
    );
    if (r.destinatarios) avisados++;
  }
  return avisados;
}

export function iniciarVerificacaoCertificados(app: FastifyInstance) {
  agendar(app, 'notificações: verificação de certificados', { primeiraMs: PRIMEIRA_MS, intervaloMs: INTERVALO_MS }, () => verificarCertificados(app));
}
