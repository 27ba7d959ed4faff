import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tentativasLogin } from '../../db/schema/index.ts';
import type { Relogio } from '../../lib/relogio.ts';

// Sign-in throttling, per account and per client address, kept in the database so that every
// instance counts the same failures. After `falhas` failures inside `janelaMs`, the key is locked for
// `bloqueioMs`, doubling at each new lock up to `bloqueioMaxMs`; 24 h without failures forgets it.
// The address limit is higher than the account one: many honest users can share one address (NAT).
export const LIMITES_LOGIN = {
  conta: { falhas: 5 },
  endereco: { falhas: 20 },
  janelaMs: 15 * 60_000,
  bloqueioMs: 60_000,
  bloqueioMaxMs: 60 * 60_000,
  esquecerMs: 24 * 60 * 60_000,
};

const chaveConta = (login: string) => `login:${login.slice(0, 150)}`;
const chaveEndereco = (ip: string) => `ip:${ip.slice(0, 100)}`;

export function tentativasLoginRepository(db: Db, relogio: Relogio, limites = LIMITES_LOGIN) {
  const iso = (ms: number) => new Date(ms).toISOString();

  async function esquecerAntigas(agora: number) {
    const limite = iso(agora - limites.esquecerMs);
    await db.delete(tentativasLogin).where(
      sql`${tentativasLogin.janelaInicio} < ${limite}::timestamptz and (${tentativasLogin.bloqueadoAte} is null or ${tentativasLogin.bloqueadoAte} < ${iso(agora)}::timestamptz)`,
    );
  }

  async function falhou(chave: string, limite: number) {
    const agora = relogio.agora().getTime();
    const janelaVencida = sql`${tentativasLogin.janelaInicio} < ${iso(agora - limites.janelaMs)}::timestamptz`;
    const [row] = await db
      .insert(tentativasLogin)
      .values({ chave, falhas: 1, janelaInicio: iso(agora) })
      .onConflictDoUpdate({
        target: tentativasLogin.chave,
        set: {
          falhas: sql`case when ${janelaVencida} then 1 else ${tentativasLogin.falhas} + 1 end`,
          janelaInicio: sql`case when ${janelaVencida} then ${iso(agora)}::timestamptz else ${tentativasLogin.janelaInicio} end`,
          bloqueios: sql`case when ${tentativasLogin.janelaInicio} < ${iso(agora - limites.esquecerMs)}::timestamptz then 0 else ${tentativasLogin.bloqueios} end`,
        },
      })
      .returning({ falhas: tentativasLogin.falhas, bloqueios: tentativasLogin.bloqueios });
    // Made-up logins leave rows behind; now and then, forget the ones nobody touched for a day.
    if (Math.random() < 0.01) await esquecerAntigas(agora);
    if (row.falhas < limite) return;
    const duracao = Math.min(limites.bloqueioMs * 2 ** row.bloqueios, limites.bloqueioMaxMs);
    await db
      .update(tentativasLogin)
      .set({ falhas: 0, janelaInicio: iso(agora), bloqueadoAte: iso(agora + duracao), bloqueios: row.bloqueios + 1 })
      .where(eq(tentativasLogin.chave, chave));
  }

  return {
    /** True while the account or the address is locked: the attempt must not even check the password. */
    async bloqueado(login: string, ip: string) {
      const agora = iso(relogio.agora().getTime());
      const rows = await db
        .select({ chave: tentativasLogin.chave })
        .from(tentativasLogin)
        .where(and(inArray(tentativasLogin.chave, [chaveConta(login), chaveEndereco(ip)]), gt(tentativasLogin.bloqueadoAte, sql`${agora}::timestamptz`)))
        .limit(1);
      return rows.length > 0;
    },
    async falhou(login: string, ip: string) {
      await falhou(chaveConta(login), limites.conta.falhas);
      await falhou(chaveEndereco(ip), limites.endereco.falhas);
    },
    /** A right password clears the account's count; the address keeps its own (an attacker with one
     * valid account must not reset the count of the address it guesses other accounts from). */
    async acertou(login: string) {
      await db.delete(tentativasLogin).where(eq(tentativasLogin.chave, chaveConta(login)));
    },
  };
}
