import { sql } from 'drizzle-orm';
import { atualizarRastreio } from '../../modules/tracking/service.ts';
import type { Db } from '../client.ts';

// A year of generated history for the demo shipper (npm start only: main.ts calls it right after the demo
// seed, the tests keep their small fixed data): NF-es, their CT-es, audits, delivery events, monthly paid
// invoices and quotations, so the dashboard, the BI screens and every report show something meaningful.
// setseed makes every start draw the same numbers.
export async function seedHistorico(db: Db) {
  await db.transaction(async (tx) => {
    const [demo] = ((await tx.execute(sql`select uid from embarcadores where cnpj = '11222333000181'`)) as unknown as { rows: { uid: string }[] }).rows;
    if (!demo) return;
    const D = demo.uid;
    await tx.execute(sql`select setseed(0.42)`);
    await tx.execute(sql`create temp table hist_carriers on commit drop as
      select t.uid, t.cnpj, c.uf from transportadores t join (values ('60746948000112', 'SP'), ('60746948000112', 'RJ'), ('60746948000112', 'PR'), ('60746948000112', 'SC'), ('60746948000112', 'RS'),
        ('17184037000110', 'MG'), ('17184037000110', 'GO'), ('33000167000101', 'PE'), ('33000167000101', 'BA')) c(cnpj, uf) on c.cnpj = t.cnpj`);
    // Deadlines the registers do not have yet (SP → each destination UF).
    await tx.execute(sql`insert into prazos_entrega (embarcador_uid, transportador_uid, origem_tipo, origem_uf, destino_tipo, destino_uf, prazo_dias_uteis, observacao)
      select ${D}, h.uid, 'UF', 'SP', 'UF', h.uf, p.prazo, 'Histórico de demonstração' from hist_carriers h
      join (values ('SP', 1), ('SC', 3), ('RS', 4), ('GO', 4), ('PE', 5), ('BA', 5)) p(uf, prazo) on p.uf = h.uf`);
    // 360 NF-es, one a day going back a year.
    await tx.execute(sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome, emitente_uf, emitente_municipio_ibge,
        destinatario_nome, destinatario_uf, valor_total, valor_produtos, peso_bruto, transportador_uid, transportador_documento, chave_valida, quantidade_itens)
      select ${D}, '3524' || '11222333000181' || '55001' || lpad((20000 + i)::text, 9, '0') || lpad(i::text, 12, '0'), 20000 + i, 1,
        ts, to_char(ts at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || '-03:00', '11222333000181', 'Demo Indústria de Alimentos Ltda', 'SP', '3550308',
        'Cliente ' || (1 + i % 40), h.uf, v, v, round((50 + random() * 950)::numeric, 3), h.uid, h.cnpj, false, 1
      from (select i, date_trunc('day', now()) - make_interval(days => i) + interval '13 hours' as ts, round((800 + random() * 9200)::numeric, 2) as v,
              (array['SP','RJ','MG','PR','SC','RS','GO','PE','BA','SP','RJ','MG'])[1 + i % 12] as uf from generate_series(1, 360) i) g
      join hist_carriers h on h.uf = g.uf`);
    // One CT-e per NF-e the day after (3 % to 8 % of the goods), linked to it.
    await tx.execute(sql`insert into ctes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome, origem_uf, destino_uf,
        valor_prestacao, valor_receber, valor_carga, peso_carga, quantidade_nfes, transportador_uid, chave_valida, status)
      select ${D}, '3524' || t.cnpj || '57001' || lpad(n.numero::text, 9, '0') || '100000000000', n.numero, 1, n.emissao + interval '1 day',
        to_char((n.emissao + interval '1 day') at time zone 'America/Sao_Paulo', 'YYYY-MM-DD"T"HH24:MI:SS') || '-03:00', t.cnpj, t.nome, 'SP', n.destinatario_uf,
        f.v, f.v, n.valor_total, n.peso_bruto, 1, n.transportador_uid, false, 1
      from nfes n join transportadores t on t.uid = n.transportador_uid cross join lateral (select round(n.valor_total * (0.03 + random() * 0.05)::numeric, 2) as v) f
      where n.embarcador_uid = ${D} and n.numero > 20000 and n.emissao < now() - interval '1 day'`);
    await tx.execute(sql`insert into cte_nfes (cte_uid, embarcador_uid, chave, ordem, nfe_uid)
      select c.uid, ${D}, n.chave, 1, n.uid from ctes c join nfes n on n.embarcador_uid = c.embarcador_uid and n.numero = c.numero and n.numero > 20000 where c.embarcador_uid = ${D}`);
    // Audits: most approved, about one in six divergent (charged 5 % to 15 % above), half of those accepted.
    await tx.execute(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo, fonte,
        valor_cobrado, valor_esperado, diferenca, resumo)
      select ${D}, c.uid, c.chave, c.numero, c.serie, c.emissao, c.transportador_uid, case when d then (case when c.numero % 2 = 0 then 4 else 2 end) else 1 end, case when d then 2 else 1 end, 'TABELA',
        c.valor_prestacao, e.esperado, c.valor_prestacao - e.esperado, case when d then 'Valor cobrado acima do esperado' else 'Dentro da tolerância' end
      from ctes c cross join lateral (select abs(hashtext(c.chave)) % 6 = 0 as d) r
      cross join lateral (select case when r.d then round(c.valor_prestacao / (1.05 + random() * 0.10)::numeric, 2) else c.valor_prestacao end as esperado) e
      where c.embarcador_uid = ${D} and c.numero > 20000`);
    // Delivery events of notes older than 3 days: 1 to 7 days after the emission, one in ten after a failed attempt; 5 % still without any.
    await tx.execute(sql`create temp table hist_entregas on commit drop as
      select n.uid, n.numero, n.transportador_uid, n.emissao + make_interval(days => 1 + floor(random() * 7)::int, hours => 1 + floor(random() * 6)::int) as entregue, random() < 0.1 as tentativa
      from nfes n where n.embarcador_uid = ${D} and n.numero > 20000 and n.emissao < now() - interval '3 days' and random() < 0.95`);
    await tx.execute(sql`insert into eventos_ocorrencia (embarcador_uid, ocorrencia_uid, transportador_uid, cnpj_emissor_nf, serie_nf, numero_nf, data_hora, origem, observacao)
      select ${D}::uuid, o.uid, e.transportador_uid, '11222333000181', '1', lpad(e.numero::text, 9, '0'), e.entregue, 'edi', null
      from hist_entregas e join ocorrencias o on o.embarcador_uid = ${D} and o.codigo = '01' where e.entregue < now()
      union all
      select ${D}::uuid, o.uid, e.transportador_uid, '11222333000181', '1', lpad(e.numero::text, 9, '0'), e.entregue - interval '1 day', 'edi', 'Cliente ausente'
      from hist_entregas e join ocorrencias o on o.embarcador_uid = ${D} and o.codigo = '21' where e.tentativa and e.entregue < now()`);
    // One invoice per carrier and month with that month's approved or accepted CT-es, paid 30 days after (if that day has come).
    await tx.execute(sql`create temp table hist_faturas on commit drop as
      select c.transportador_uid, date_trunc('month', c.emissao at time zone 'America/Sao_Paulo')::date as mes, sum(c.valor_prestacao) as valor, array_agg(c.uid) as ctes
      from ctes c join auditorias a on a.cte_uid = c.uid and a.status in (1, 4)
      where c.embarcador_uid = ${D} and c.numero > 20000 and c.emissao < date_trunc('month', now()) group by 1, 2`);
    await tx.execute(sql`with f as (
        insert into faturas (embarcador_uid, transportador_uid, numero, emissao, vencimento, valor, status, data_pagamento)
        select ${D}, h.transportador_uid, 'H' || to_char(h.mes, 'YYYYMM'), (h.mes + interval '1 month')::date, (h.mes + interval '2 months')::date, h.valor,
          case when (h.mes + interval '2 months')::date <= current_date then 3 else 1 end,
          case when (h.mes + interval '2 months')::date <= current_date then (h.mes + interval '2 months')::date end
        from hist_faturas h returning uid, transportador_uid, numero)
      insert into fatura_ctes (fatura_uid, embarcador_uid, cte_uid, valor)
      select f.uid, ${D}, c.uid, c.valor_prestacao from f join hist_faturas h on h.transportador_uid = f.transportador_uid and 'H' || to_char(h.mes, 'YYYYMM') = f.numero
      join ctes c on c.uid = any(h.ctes)`);
    await tx.execute(sql`update ctes c set fatura_uid = fc.fatura_uid from fatura_ctes fc where fc.cte_uid = c.uid and c.embarcador_uid = ${D} and c.numero > 20000`);
    // 48 quotations (four a month), every carrier invited; most answered; two in three finalised with the cheapest answer.
    await tx.execute(sql`create temp table hist_cotacoes on commit drop as
      select i, date_trunc('day', now()) - make_interval(days => i * 7 + 2) + interval '9 hours' as criado, round((1500 + random() * 3000)::numeric, 2) as alvo, i % 3 <> 0 as fechada
      from generate_series(1, 48) i`);
    await tx.execute(sql`insert into cotacoes_frete (embarcador_uid, status, situacao_aprovacao, valor_alvo, observacao, criado_em, atualizado_em)
      select ${D}, case when fechada then 4 else 3 end, case when fechada then 2 else 1 end, alvo, 'Histórico ' || i, criado, criado from hist_cotacoes`);
    await tx.execute(sql`insert into cotacao_transportadores (cotacao_uid, transportador_uid, convidado_em, respondido_em, valor_total, prazo_dias_uteis)
      select c.uid, t.uid, c.criado_em, case when r.responde then c.criado_em + interval '5 hours' end,
        case when r.responde then round(c.valor_alvo * (0.85 + random() * 0.3)::numeric, 2) end, case when r.responde then 2 + floor(random() * 4)::int end
      from cotacoes_frete c cross join (select distinct uid from hist_carriers) t
      cross join lateral (select abs(hashtext(c.uid::text || t.uid::text)) % 5 <> 0 as responde) r
      where c.embarcador_uid = ${D} and c.observacao like 'Histórico %'`);
    await tx.execute(sql`update cotacoes_frete c set vencedor_transportador_uid = w.transportador_uid, valor_aprovado = w.valor_total, aprovado_em = c.criado_em + interval '1 day'
      from (select distinct on (cotacao_uid) cotacao_uid, transportador_uid, valor_total from cotacao_transportadores where valor_total is not null order by cotacao_uid, valor_total) w
      where w.cotacao_uid = c.uid and c.embarcador_uid = ${D} and c.status = 4 and c.observacao like 'Histórico %'`);
    // The reports and BI read tracking (`rastreios`): bring every generated note's tracking up to date, as the
    // NF-e import and the event writes do (events linked, promised date, delivery).
    const notas = ((await tx.execute(sql`select uid from nfes where embarcador_uid = ${D} and numero > 20000`)) as unknown as { rows: { uid: string }[] }).rows;
    for (const n of notas) await atualizarRastreio(tx, n.uid);
  });
  // Fresh statistics, so the planner uses the indexes the reports rely on (events by note number).
  for (const t of ['nfes', 'rastreios', 'ctes', 'cte_nfes', 'eventos_ocorrencia', 'auditorias', 'cotacoes_frete', 'cotacao_transportadores', 'prazos_entrega']) await db.execute(sql.raw(`analyze ${t}`));
}
