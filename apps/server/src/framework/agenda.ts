import type { FastifyInstance } from 'fastify';

// Background clocks of an instance (the quotation deadline close, scheduled pre-invoices, the SEFAZ
// capture, the certificate check). Each runs only where queue tasks run (TAREFAS_CONCORRENCIA > 0) and
// schedulers are on (AGENDADORES; off by default under NODE_ENV=test and in every test app): a test never
// depends on a timer firing — it calls the job's function itself (fecharCotacoesVencidas,
// agendarPreFaturas, agendarCapturas, verificarCertificados), or builds its app with
// `config: { agendadores: true }` when it is the clock that is tested.

export function agendar(
  app: FastifyInstance,
  nome: string,
  o: { intervaloMs: number; /** First run this long after start (default: one interval). */ primeiraMs?: number },
  rodar: () => Promise<unknown>,
) {
  if (app.config.tarefasConcorrencia <= 0 || !app.config.agendadores) return;
  const timers: NodeJS.Timeout[] = [];
  const tique = () => void rodar().catch((err) => app.log.warn({ err }, `${nome} falhou`));
  app.addHook('onReady', async () => {
    if (o.primeiraMs !== undefined) timers.push(setTimeout(tique, o.primeiraMs));
    timers.push(setInterval(tique, o.intervaloMs));
    for (const t of timers) t.unref();
  });
  app.addHook('preClose', async () => {
    for (const t of timers) clearTimeout(t);
  });
}
