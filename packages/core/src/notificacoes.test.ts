import { describe, expect, it } from 'vitest';
import { RECURSOS, type RecursoDef } from './recursos.ts';
import { TIPOS_NOTIFICACAO, type TipoNotificacaoDef, tipoNotificacao, tipoNotificacaoLabel } from './notificacoes.ts';

// The catalogue of notification kinds: what the server resolves recipients from and the screens list.
const tipos = TIPOS_NOTIFICACAO as readonly TipoNotificacaoDef[];
const recursos = RECURSOS as readonly RecursoDef[];

describe('catálogo de notificações', () => {
  it('has the kinds issue 11 asks for, each once', () => {
    const valores = tipos.map((t) => t.valor);
    expect(new Set(valores).size).toBe(valores.length);
    expect(valores).toEqual(expect.arrayContaining([
      'cotacao-convite', 'cotacao-resposta', 'cotacao-aguardando-aprovacao', 'cotacao-aprovada', 'cotacao-reprovada',
      'ordem-coleta-enviada', 'ordem-coleta-confirmada', 'ordem-coleta-recusada', 'ordem-coleta-cancelada',
      'embarque-cancelado', 'tarefa-com-erros', 'certificado-vencendo',
    ]));
  });

  it('carrier kinds name no permission; shipper kinds name one their resource offers', () => {
    for (const t of tipos) {
      if (t.destino === 'transportador') expect(t.permissao, t.valor).toBeNull();
      const r = recursos.find((x) => x.codigo === t.recurso);
      expect(r, `${t.valor}: recurso '${t.recurso}' fora do catálogo de permissões`).toBeDefined();
      expect(r?.notificavel, `${t.recurso} deveria ser notificável (papeis/recursos-sistema-notificacao/lista)`).toBe(true);
      if (t.permissao) expect(r?.acoes, t.valor).toContain(t.permissao);
      expect(t.app || t.email, `${t.valor} sem canal padrão`).toBe(true);
    }
  });

  it('finds a kind and its label; an unknown value keeps its own text', () => {
    expect(tipoNotificacao('certificado-vencendo')?.destino).toBe('embarcador');
    expect(tipoNotificacaoLabel('cotacao-convite')).toBe('Convite para cotação');
    expect(tipoNotificacaoLabel('outro')).toBe('outro');
  });
});
