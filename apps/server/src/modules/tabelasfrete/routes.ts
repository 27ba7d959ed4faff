import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  FILTROS_VIGENCIA,
  avisosDaTabela,
  MSG,
  fieldError,
  importacaoErroReply,
  tabelaFrete,
  tabelaFreteCompleta,
  comparacaoTabelas,
  tipoFaixaCalculo,
  z,
} from '@fretio/core';
import { registrarAuditoria } from '../../framework/audit.ts';
import { listar, obter } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { created, errorResponses, listQuerySchema, ok, okList, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { registerAnexos } from '../anexos/routes.ts';
import { lerUpload } from '../arquivos/service.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { compararTabela } from './comparacao.ts';
import { exigirTabelaValida } from './comum.ts';
import { inserirDados } from './dados.ts';
import { exportarTabela } from './exportar.ts';
import { adicionaisResource, faixasCalculoResource, generalidadesResource, rotasComponenteResource } from './filhos-regras.ts';
import { prioridadesResource, tabelaRotasResource } from './filhos-rotas.ts';
import { importarTabela } from './importar.ts';
import { montarResolvida } from './derivacao.ts';
import { errosDaTabela } from './montar.ts';
import { carregarTabela, tabelaParaAlterar, tabelaVisivel } from './repository.ts';
import { ENTIDADE_ANEXO, criarTabelasFreteResource } from './resource.ts';
import restricaoPessoasRoutes from './restricao-pessoas.ts';
import { restricoesResource } from './restricoes.ts';
import { obterCompleta } from './service.ts';
import { ROTULOS_ABAS } from './rotulos-planilha.ts';

const tags = ['Tabela de frete'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TIPOS_FAIXA = [
  { value: 'FIXO' as const, label: 'Valor fixo', descricao: 'A faixa cobra o valor informado, qualquer que seja a quantidade dentro dela' },
  { value: 'POR_UNIDADE' as const, label: 'Por unidade', descricao: 'Valor × quantidade total (ex.: R$ por kg para toda a carga)' },
  {
    value: 'EXCEDENTE' as const,
    label: 'Excedente',
    descricao: 'Cobrança até o limite da faixa anterior + valor × quantidade que o excede',
  },
];

export default async function tabelasFreteRoutes(app: FastifyInstance) {
  const def = criarTabelasFreteResource(app);
  for (const d of [
    def,
    tabelaRotasResource,
    generalidadesResource,
    adicionaisResource,
    rotasComponenteResource,
    faixasCalculoResource,
    prioridadesResource,
    restricoesResource,
  ])
    registerResource(app, d);
  await app.register(restricaoPessoasRoutes);
  registerAnexos(app, {
    parentPath: '/tabelasfrete/:uid',
    recurso: 'tabelasfrete',
    entidade: ENTIDADE_ANEXO,
    tag: 'Tabela de frete',
    parentVisible: tabelaVisivel,
    podeAlterar: async (tx, _ctx, uid) => void (await tabelaParaAlterar(tx, uid)),
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const rangeNames = Object.entries(def.filters)
    .filter(([, f]) => f.range)
    .map(([k]) => k);

  r.get(
    '/api/v1/tabelasfrete',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: {
        tags,
        summary: 'Lista tabelas de frete (por padrão só as vigentes hoje)',
        description:
          `ftr_vigencia: ${FILTROS_VIGENCIA.join(', ')} (padrão vigente; hoje em America/Sao_Paulo). situacaoVigencia de cada tabela: Vigente, Futura ou Expirada. ` +
          `Ordenável por: ${Object.keys(def.sortable).join(', ')}. Filtros ftr_ desconhecidos respondem 400.`,
        querystring: listQuerySchema(Object.keys(def.filters), rangeNames, def.listQuery),
        response: okList(tabelaFrete),
      },
    },
    async (req) => {
      const { ftr_vigencia, ...query } = req.query as Record<string, unknown>;
      return reply.ok(
        (await listar(app.db, def, req.contexto, { ...query, vigencia: ftr_vigencia || undefined })) as {
          data: z.infer<typeof tabelaFrete>[];
          totalRecords: number;
        },
      );
    },
  );

  r.get(
    '/api/v1/tabelasfrete/tiposfaixacalculo',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: { tags, summary: 'Tipos (modos) de faixa de cálculo', response: ok(z.array(tipoFaixaCalculo)) },
    },
    async () => reply.ok(TIPOS_FAIXA),
  );

  r.get(
    '/api/v1/tabelasfrete/:uid',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: {
        tags,
        summary: 'Consulta uma tabela de frete; par=cmp,full traz a tabela inteira',
        description:
          "par contendo 'cmp' ou 'full': rotas (com as regras e faixas de cada uma), generalidades, prioridades e restrições (com remetentes e destinatários). " +
          "ftr_embarcador diferente do embarcador ativo responde 404 'Embarcador não localizado'.",
        params: uidParams,
        querystring: z.object({ par: z.string().max(40).optional(), ftr_embarcador: z.string().optional(), src: z.string().optional() }),
        response: ok(z.union([tabelaFreteCompleta, tabelaFrete])),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      if (req.query.ftr_embarcador && req.query.ftr_embarcador !== exigirEmbarcador(ctx))
        throw AppError.notFound(MSG.embarcadorNaoLocalizado);
      const completa = (req.query.par ?? '').split(',').some((p) => ['cmp', 'full'].includes(p.trim()));
      return reply.ok(
        completa
          ? await obterCompleta(app.db, def, ctx, req.params.uid)
          : ((await obter(app.db, def, ctx, req.params.uid)) as z.infer<typeof tabelaFrete>),
      );
    },
  );

  r.get(
    '/api/v1/tabelasfrete/:uid/validar',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: {
        tags,
        summary: 'Erros da tabela inteira pela validação do motor (vazio: pode ser ativada)',
        params: uidParams,
        response: ok(z.array(fieldError)),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      if (!(await tabelaVisivel(app.db, ctx, req.params.uid))) throw AppError.notFound();
      const { tabela, linhas } = await carregarTabela(app.db, req.params.uid, { enxuto: true });
      const codigos = (await catalogoComponentes(app.db, exigirEmbarcador(ctx))).map((c) => c.codigo);
      return reply.ok(errosDaTabela(await montarResolvida(app.db, tabela, linhas), codigos));
    },
  );

  r.get(
    '/api/v1/tabelasfrete/:uid/avisos',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: {
        tags,
        summary: 'Avisos da tabela: permitido, mas provavelmente errado (não impedem a ativação)',
        description:
          'Hoje: rota mais específica (faixa de CEP, município…) sem o frete principal que uma rota mais ampla que a contém tem — ' +
          'nas cargas dela esse frete não seria cobrado (para cobrar só uma taxa no local, use um adicional por local). ' +
          '`field` é o caminho da rota (`rotas[<uid>]`); a mensagem nomeia as rotas pelos lugares.',
        params: uidParams,
        response: ok(z.array(fieldError)),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      if (!(await tabelaVisivel(app.db, ctx, req.params.uid))) throw AppError.notFound();
      const { tabela, linhas } = await carregarTabela(app.db, req.params.uid, { enxuto: true });
      const catalogo = await catalogoComponentes(app.db, exigirEmbarcador(ctx));
      const calculo = await montarResolvida(app.db, tabela, linhas);
      const principais = catalogo.filter((c) => c.fretePrincipal).map((c) => c.codigo);
      return reply.ok(
        avisosDaTabela(calculo, { componentesFretePrincipal: principais }).map((a) => ({
          field: a.caminho.replace(/^rotas\[(\d+)\]/, (_m, i: string) => `rotas[${calculo.rotas[Number(i)]?.uid ?? i}]`),
          message: a.mensagem,
        })),
      );
    },
  );

  r.get(
    '/api/v1/tabelasfrete/:uid/comparacao',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: {
        tags,
        summary: 'Compara a tabela com a anterior (a que ela reajusta, ou a ativa do mesmo transportador) numa amostra de cargas por rota',
        description:
          'Para a aprovação (maker–checker): cada rota da tabela cota as mesmas cargas (AMOSTRAS_COMPARACAO: 50, 300, 1.000 e 5.000 kg, R$ 20/kg) ' +
          'nas duas tabelas, sem imposto e sem olhar a vigência; por rota volta o frete anterior, o novo e a variação %. anterior null: não há tabela com que comparar.',
        params: uidParams,
        response: ok(comparacaoTabelas),
      },
    },
    async (req) => reply.ok(await compararTabela(app.db, req.contexto, req.params.uid)),
  );

  r.get(
    '/api/v1/tabelasfrete/:uid/exportar',
    {
      config: { permission: ['tabelasfrete', 'ler'] },
      schema: {
        tags,
        summary: `Exporta a tabela inteira em XLSX (abas ${['Tabela', 'Rotas', 'Regras', 'Generalidades', 'Faixas', 'Restricoes', 'Prioridades'].map((a) => ROTULOS_ABAS[a]).join(', ')})`,
        description: 'O mesmo arquivo volta por POST /tabelasfrete/importar.',
        params: uidParams,
        produces: [XLSX],
        response: { 200: z.any().describe('Arquivo XLSX'), ...errorResponses },
      },
    },
    async (req, res) => {
      if (!(await tabelaVisivel(app.db, req.contexto, req.params.uid))) throw AppError.notFound();
      const { nome, dados } = await exportarTabela(app.db, req.params.uid);
      return res.header('content-type', XLSX).header('content-disposition', `attachment; filename="${nome}"`).send(dados);
    },
  );

  r.post(
    '/api/v1/tabelasfrete/importar',
    {
      config: { permission: ['tabelasfrete', 'criar'] },
      schema: {
        tags,
        summary: 'Importa uma tabela de um XLSX no formato da exportação (multipart, campo file)',
        description:
          'Cria uma tabela nova. Cada célula com problema volta em errors [{aba, linha, campo, mensagem}] (400) e nada é gravado; ' +
          'status 1 (Ativo) exige a tabela inteira válida.',
        consumes: ['multipart/form-data'],
        response: { ...created(tabelaFrete), 400: importacaoErroReply },
      },
    },
    async (req, res) => {
      const ctx = req.contexto;
      const embarcadorUid = exigirEmbarcador(ctx);
      const upload = await lerUpload(req);
      const dados = await importarTabela(app.db, embarcadorUid, upload.dados);
      const uid = await app.db.transaction(async (tx) => {
        const nova = await inserirDados(tx, embarcadorUid, dados);
        if (dados.tabela.status === 1) await exigirTabelaValida(tx, ctx, nova, 'A tabela tem erros e não pode ser ativada');
        await registrarAuditoria(tx, ctx, 'tabelasfrete', nova, 'importar', null, { arquivo: upload.nome, rotas: dados.rotas.length });
        return nova;
      });
      return res.status(201).send(reply.saved((await obter(app.db, def, ctx, uid)) as z.infer<typeof tabelaFrete>));
    },
  );
}
