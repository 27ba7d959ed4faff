import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notificacaoEmails } from '../../db/schema/index.ts';
import { aoHaverEmails } from './sinal.ts';

// Sends the committed notification e-mails through app.mailer (which keeps each one in email_outbox
// and sends it with SMTP_URL). Rows are claimed with a lease under SKIP LOCKED, so several instances
// never send the same row twice while alive; a crashed sender's rows go out again after the lease
// (at least once). A row is given up after 5 failed attempts (each attempt's error is in email_outbox).
const LOTE = 50;
const LEASE = '2 minutes';
const MAX_TENTATIVAS = 5;
/** After a wake-up: the notifying transaction usually commits within these delays. */
const RETOMADAS_MS = [50, 500, 2000];
export const INTERVALO_MS = 15_000;

type Pendente = { uid: string; para: string; assunto: string; texto: string; link: string | null };

/** Sends what is pending now; answers how many were handed to the mailer. */
export async function despacharEmails(app: FastifyInstance): Promise<number> {
  let total = 0;
  for (;;) {
    const res = (await app.db.execute(sql`
      update notificacao_emails set reservado_ate = now() + ${LEASE}::interval, tentativas = tentativas + 1
      where uid in (select uid from notificacao_emails
                    where enviado_em is null and tentativas < ${MAX_TENTATIVAS} and (reservado_ate is null or reservado_ate < now())
                    order by criado_em limit ${LOTE} for update skip locked)
      returning uid, para, assunto, texto, link`)) as unknown as { rows: Pendente[] };
    if (!res.rows.length) return total;
    for (const e of res.rows) {
      try {
        const onde = e.link ? `\n\nAbra no Fretio: ${app.config.publicUrl.replace(/\/$/, '')}${e.link}` : '';
        const texto = `${e.texto}${onde}\n\nVocê recebe este aviso pelos parâmetros de notificação do seu embarcador.`;
        const r = await app.mailer.enviar({ para: e.para, assunto: e.assunto, texto });
        // With SMTP, a refused send is tried again after the lease (the outbox keeps each attempt's error);
        // without SMTP the outbox is where e-mails stay, as for account e-mails.
        if (!r.enviado && app.config.smtpUrl) continue;
        await app.db.update(notificacaoEmails).set({ enviadoEm: sql`now()`, caixaSaidaUid: r.uid }).where(eq(notificacaoEmails.uid, e.uid));
        total++;
      } catch (err) {
        app.log.warn({ err, email: e.uid }, 'notificações: falha ao entregar e-mail ao mailer');
      }
    }
  }
}

/** Polls while the app runs and wakes up when notificar() queued e-mails in this process. */
export function iniciarDespachante(app: FastifyInstance) {
  let relogio: NodeJS.Timeout | undefined;
  let desligar: (() => void) | undefined;
  let parado = true;
  let rodando: Promise<unknown> = Promise.resolve();
  const rodar = () => {
    if (parado) return;
    rodando = rodando.then(() => (parado ? 0 : despacharEmails(app))).catch((err) => app.log.warn({ err }, 'notificações: despacho de e-mails falhou'));
  };
  app.addHook('onReady', async () => {
    parado = false;
    relogio = setInterval(rodar, INTERVALO_MS);
    relogio.unref();
    desligar = aoHaverEmails(() => {
      for (const ms of RETOMADAS_MS) setTimeout(rodar, ms).unref();
    });
  });
  app.addHook('preClose', async () => {
    parado = true;
    clearInterval(relogio);
    desligar?.();
    await rodando;
  });
}
