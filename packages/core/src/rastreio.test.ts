import { describe, expect, it } from 'vitest';
import { dataPrometida, diaSaoPaulo, ehAgendamento, resumirEventos, statusRastreio } from './rastreio.ts';

// Worked by hand: NF-e emitted on Friday 17/04/2026 at 23:30 in São Paulo (02:30 UTC on Saturday), carrier
// deadline 3 business days, Tiradentes (Tuesday 21/04/2026) a holiday: Mon 20 (1), Tue 21 holiday,
// Wed 22 (2), Thu 23 (3) → promised 23/04/2026.
const EMISSAO = '2026-04-17T23:30:00-03:00';
const TIRADENTES = ['2026-04-21'];

describe('data prometida', () => {
  it('counts business days from the São Paulo emission date, skipping the weekend and the holiday', () => {
    expect(diaSaoPaulo(EMISSAO)).toBe('2026-04-17');
    expect(dataPrometida(EMISSAO, 3, TIRADENTES)).toBe('2026-04-23');
    // Without the holiday it is Wednesday.
    expect(dataPrometida(EMISSAO, 3)).toBe('2026-04-22');
    expect(dataPrometida('2026-04-17', 0, TIRADENTES)).toBe('2026-04-17');
  });
});

describe('resumo dos eventos', () => {
  it('delivery is the first finishing event (São Paulo date); attempts counted; exception only while undelivered', () => {
    const eventos = [
      { dataHora: '2026-04-24T01:30:00Z', acao: 1 }, // 23/04 22:30 in São Paulo
      { dataHora: '2026-04-22T14:00:00Z', acao: 2 },
      { dataHora: '2026-04-20T12:00:00Z', acao: 5 },
    ];
    expect(resumirEventos(eventos)).toEqual({ dataEntrega: '2026-04-23', tentativas: 1, excecao: false, ultimoEventoEm: '2026-04-24T01:30:00Z' });
    expect(resumirEventos(eventos.slice(1))).toMatchObject({ dataEntrega: null, tentativas: 1, excecao: true });
    // An event without kind (no de-para) or "only records" does not end the exception.
    expect(resumirEventos([...eventos.slice(1), { dataHora: '2026-04-23T12:00:00Z', acao: null }, { dataHora: '2026-04-23T13:00:00Z', acao: 5 }]).excecao).toBe(true);
    expect(resumirEventos([])).toEqual({ dataEntrega: null, tentativas: 0, excecao: false, ultimoEventoEm: null });
  });
});

describe('status do rastreio', () => {
  const base = { dataPrevista: '2026-04-23', excecao: false, ultimaNoticiaEm: EMISSAO };
  it('delivered on the promised day is on time; the day after is 1 day late', () => {
    expect(statusRastreio({ ...base, dataEntrega: '2026-04-23', hoje: '2026-04-30' })).toEqual({ status: 'E', diasAtraso: 0, diasSemOcorrencia: 0 });
    expect(statusRastreio({ ...base, dataEntrega: '2026-04-24', hoje: '2026-04-30' })).toEqual({ status: 'D', diasAtraso: 1, diasSemOcorrencia: 0 });
    expect(statusRastreio({ ...base, dataEntrega: '2026-04-20', hoje: '2026-04-30' }).status).toBe('E');
  });
  it('undelivered: late after the promised day (calendar days), exception, silent for 5 days, in transit', () => {
    expect(statusRastreio({ ...base, dataEntrega: null, ultimaNoticiaEm: '2026-04-21T10:00:00-03:00', hoje: '2026-04-23' })).toEqual({ status: 'T', diasAtraso: 0, diasSemOcorrencia: 2 });
    expect(statusRastreio({ ...base, dataEntrega: null, hoje: '2026-04-27' })).toEqual({ status: 'A', diasAtraso: 4, diasSemOcorrencia: 10 });
    expect(statusRastreio({ ...base, dataEntrega: null, excecao: true, hoje: '2026-04-22' })).toEqual({ status: 'X', diasAtraso: 0, diasSemOcorrencia: 5 });
    // Late wins over exception.
    expect(statusRastreio({ ...base, dataEntrega: null, excecao: true, hoje: '2026-04-24' }).status).toBe('A');
    expect(statusRastreio({ ...base, dataEntrega: null, hoje: '2026-04-22' })).toEqual({ status: 'S', diasAtraso: 0, diasSemOcorrencia: 5 });
    expect(statusRastreio({ ...base, dataEntrega: null, ultimaNoticiaEm: '2026-04-20T12:00:00Z', hoje: '2026-04-22' }).status).toBe('T');
    // No deadline known: never late.
    expect(statusRastreio({ ...base, dataPrevista: null, dataEntrega: null, ultimaNoticiaEm: '2026-04-20T12:00:00Z', hoje: '2027-01-01' }).status).toBe('S');
    expect(statusRastreio({ ...base, dataPrevista: null, dataEntrega: '2026-05-10', hoje: '2026-05-11' }).status).toBe('E');
  });
});

describe('agendamento', () => {
  it('PROCEDA 91 and kinds that speak of scheduling', () => {
    expect(ehAgendamento({ codigo: '91', descricao: 'Entrega Programada' })).toBe(true);
    expect(ehAgendamento({ codigo: 'AG1', descricao: 'Reagendamento solicitado pelo cliente' })).toBe(true);
    expect(ehAgendamento({ codigo: '02', descricao: 'Entrega Fora da Data Programada' })).toBe(false);
  });
});
