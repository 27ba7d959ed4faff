-- Every NF-e gets its tracking row when it is created (import, virtual note); before, a note that was never
-- imported through the tracking path (virtual notes, notes from before the tracking module) got it on the
-- first GET tracking/{uid}, a read that wrote. This fills the rows still missing, with a public token of
-- 24 random bytes in base64url (32 characters, like tracking/service.ts novoToken): 6 + 7 bytes of two
-- gen_random_uuid() each, skipping the version and variant bits (all 192 bits random). A replaced virtual
-- note handed its tracking to the real one and gets none. The promised date needs the application's rules
-- (deadlines, holidays): one 'recalcular-prazo-entrega' task per shipper, only for the notes without one.
with novos as (
  insert into rastreios (nfe_uid, embarcador_uid, token)
  select n.uid, n.embarcador_uid,
    translate(encode(
      substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 10 for 7) ||
      substring(uuid_send(gen_random_uuid()) from 1 for 6) || substring(uuid_send(gen_random_uuid()) from 10 for 5),
      'base64'), '+/', '-_')
  from nfes n
  where n.substituida_por_uid is null and not exists (select 1 from rastreios r where r.nfe_uid = n.uid)
  on conflict do nothing
  returning nfe_uid, embarcador_uid
)
insert into tarefas (embarcador_uid, tipo, parametros)
select distinct novos.embarcador_uid, 'recalcular-prazo-entrega', '{"semPrevisao": true}'::jsonb
from novos join nfes n on n.uid = novos.nfe_uid
where not n.cancelada;
