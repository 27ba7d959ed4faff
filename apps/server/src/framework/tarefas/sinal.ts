// In-process wake-up: a task created here is picked at once instead of at the next poll.
const ouvintes = new Set<() => void>();
export const aoCriarTarefa = (f: () => void) => {
  ouvintes.add(f);
  return () => ouvintes.delete(f);
};
export function acordarTrabalhadores() {
  for (const f of ouvintes) f();
}
