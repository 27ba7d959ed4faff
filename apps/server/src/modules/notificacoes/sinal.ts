// In-process wake-up of the e-mail dispatcher: notificar() calls it after queueing e-mails. The
// transaction may not have committed yet, so the dispatcher looks a few times shortly after (and
// polls anyway): the rows become visible, and sendable, only once committed.
const ouvintes = new Set<() => void>();
export const aoHaverEmails = (f: () => void) => {
  ouvintes.add(f);
  return () => ouvintes.delete(f);
};
export function avisarEmailsPendentes() {
  for (const f of ouvintes) f();
}
