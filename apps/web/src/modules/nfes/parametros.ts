import { TIPO_USUARIO } from '@fretio/core';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { usePerfil } from '../../app/perfil.ts';
import type { ResourceDef } from '../../resources/types.ts';

// List parameters of the fiscal lists that are not `ftr_` filters (semCte, situacao, chaveNfe…): kept
// in the URL like the others, and added to the declaration's listQuery the generic list sends. A
// carrier's user gets the carrier mode (par=transportador) and no write operations.

export function useParametroDaLista(nome: string) {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (valor: string | null | undefined) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (valor) next.set(nome, valor);
        else next.delete(nome);
        next.delete('pc');
        return next;
      }),
    [nome, setParams],
  );
  return [params.get(nome) ?? undefined, set] as const;
}

/** `par`: the list takes the carrier mode parameter (documentos/nfes); the CT-e list scopes by itself. */
export function useDefComParametros(def: ResourceDef, nomes: string[], o: { descricaoTransportador: string; par: boolean }): ResourceDef {
  const { descricaoTransportador, par } = o;
  const [params] = useSearchParams();
  const { data: perfil } = usePerfil();
  const transportador = perfil?.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;
  // Name and value in one string: the memo follows what the URL says, not the caller's array identity.
  const valores = nomes.map((n) => `${n}\u0001${params.get(n) ?? ''}`).join('\u0000');
  return useMemo<ResourceDef>(() => {
    const extra: Record<string, string> = {};
    for (const par of valores.split('\u0000')) {
      const [nome, v] = par.split('\u0001');
      if (v) extra[nome] = v;
    }
    return {
      ...def,
      listQuery: { ...def.listQuery, ...extra, ...(transportador && par ? { par: 'transportador' } : {}) },
      description: transportador ? descricaoTransportador : def.description,
      operations: transportador ? [] : def.operations,
      // A carrier reads the note on its page; the drawer would only show the shipper's own fields.
      detail: transportador && par ? false : def.detail,
    };
  }, [def, valores, transportador, descricaoTransportador, par]);
}
