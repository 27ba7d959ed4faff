import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { emailOutbox } from '../db/schema/index.ts';

// Every message is kept in the outbox table; with SMTP_URL it also goes out through nodemailer,
// without it the message is only stored (the log names it, never its text) and, in development, the
// administrator reads it from the outbox.
export type Mensagem = { para: string; assunto: string; texto: string; html?: string };
export type Mailer = { enviar(m: Mensagem): Promise<{ uid: string; enviado: boolean }> };

export function createMailer(app: FastifyInstance): Mailer {
  const transport = app.config.smtpUrl ? nodemailer.createTransport(app.config.smtpUrl) : null;
  return {
    async enviar(m) {
      const [row] = await app.db.insert(emailOutbox).values({ para: m.para, assunto: m.assunto, texto: m.texto, html: m.html }).returning({ uid: emailOutbox.uid });
      if (!transport) {
        // Never the text: account e-mails carry a reset or activation link, which is a credential, and
        // logs travel further than the database. In development the outbox endpoint shows it.
        app.log.info({ para: m.para, assunto: m.assunto, caixaSaidaUid: row.uid }, 'e-mail (sem SMTP_URL: guardado na caixa de saída)');
        return { uid: row.uid, enviado: false };
      }
      try {
        await transport.sendMail({ from: app.config.mailFrom, to: m.para, subject: m.assunto, text: m.texto, html: m.html });
        await app.db.update(emailOutbox).set({ enviadoEm: sql`now()` }).where(eq(emailOutbox.uid, row.uid));
        return { uid: row.uid, enviado: true };
      } catch (err) {
        app.log.error({ err }, 'falha ao enviar e-mail');
        await app.db.update(emailOutbox).set({ erro: String((err as Error).message).slice(0, 500) }).where(eq(emailOutbox.uid, row.uid));
        return { uid: row.uid, enviado: false };
      }
    },
  };
}
