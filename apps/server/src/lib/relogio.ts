/** The server's notion of "now", in one replaceable place: tests move it instead of sleeping. */
export type Relogio = { agora(): Date };
export const relogioDoSistema = (): Relogio => ({ agora: () => new Date() });
