import type { RecursoDef } from '@fretio/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/support/db.ts';
import { aplicarConcessoesPadrao } from './concessoes.ts';
import { embarcadores, papeis } from './schema/index.ts';

const CRUD = ['ler', 'criar', 'alterar', 'excluir'] as const;
// A module added after the database was created: procurement roles keep it, carrier roles read it.
const novo: RecursoDef = {
  codigo: 'modulo-novo', nome: 'Módulo novo', grupo: 'Teste', acoes: CRUD,
  concessao: { embarcador: { quemPode: { recurso: 'cotacoesfrete', acoes: CRUD }, acoes: ['ler', 'criar'] }, transportador: ['ler'] },
};
const porChave: RecursoDef = {
  codigo: 'modulo-de-quem-audita', nome: 'Outro', grupo: 'Teste', acoes: ['ler'],
  concessao: { embarcador: { quemPode: { recurso: 'auditorias', acoes: [] }, acoes: ['ler'] } },
};

describe('concessões padrão de recursos novos a papéis existentes', () => {
  let t: TestDatabase;
  const uids: Record<string, string> = {};
  beforeAll(async () => {
    t = await openTestDatabase({ seed: false });
    const db = t.database.db;
    const [e] = await db.insert(embarcadores).values({ nome: 'Concessões Ltda', cnpj: '11222333000181' }).returning();
    const papel = async (nome: string, tipo: number, permissoes: Record<string, string[]>) => {
      const [p] = await db.insert(papeis).values({ embarcadorUid: e!.uid, nome, tipo, permissoes }).returning();
      uids[nome] = p!.uid;
    };
    await papel('compras', 1, { cotacoesfrete: [...CRUD, 'aprovar'] });
    await papel('consulta', 1, { cotacoesfrete: ['ler'], auditorias: [] });
    await papel('ja-decidido', 1, { cotacoesfrete: [...CRUD], 'modulo-novo': [] });
    await papel('transportador', 2, { cotacoesfrete: ['ler'] });
  });
  afterAll(() => t?.close());

  const permissoes = async (nome: string) =>
    (await t.database.db.select({ p: papeis.permissoes }).from(papeis).where(eq(papeis.uid, uids[nome]!)))[0]!.p;

  it('dá a concessão uma vez, só a quem o catálogo diz, sem mexer em quem já tem o recurso', async () => {
    expect(await aplicarConcessoesPadrao(t.database.db, [novo, porChave])).toEqual(['modulo-novo', 'modulo-de-quem-audita']);
    expect((await permissoes('compras'))['modulo-novo']).toEqual(['ler', 'criar']);
    expect((await permissoes('consulta'))['modulo-novo']).toBeUndefined(); // only reads quotations
    expect((await permissoes('consulta'))['modulo-de-quem-audita']).toEqual(['ler']); // holds the key 'auditorias'
    expect((await permissoes('ja-decidido'))['modulo-novo']).toEqual([]);
    expect((await permissoes('transportador'))['modulo-novo']).toEqual(['ler']);
    expect((await permissoes('compras'))['modulo-de-quem-audita']).toBeUndefined();
  });

  it('não devolve o que o administrador tirou depois (o recurso fica registrado como concedido)', async () => {
    const { 'modulo-novo': _, ...semModulo } = await permissoes('compras');
    await t.database.db.update(papeis).set({ permissoes: semModulo }).where(eq(papeis.uid, uids.compras!));
    expect(await aplicarConcessoesPadrao(t.database.db, [novo, porChave])).toEqual([]);
    expect((await permissoes('compras'))['modulo-novo']).toBeUndefined();
  });

  it('o catálogo real já vem registrado num banco migrado (as migrações antigas deram essas concessões)', async () => {
    const { RECURSOS } = await import('@fretio/core');
    expect(await aplicarConcessoesPadrao(t.database.db, RECURSOS)).toEqual([]);
  });
});
