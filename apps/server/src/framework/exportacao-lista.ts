import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { CARACTERE_INVALIDO, tarefaCriada, z } from '@fretio/core';
import { AppError } from '../lib/errors.ts';
import { type RequestContext, temPermissao } from '../plugins/auth/context.ts';
import { listar } from './crud.ts';
import type { ResourceDef } from './resource.ts';
import { listQuerySchema, ok } from './schemas.ts';
import { criarTarefa } from './tarefas/fila.ts';
import { type TipoTarefa, defineTipoTarefa } from './tarefas/tipo.ts';

// "Exportar" of every list: POST /api/v1/exportar-lista naming the list's path, with the list's own query (filters, sort) and
// the columns the user sees (field, title, and the words of coded values) queues a task that reads every
// page of the list (up to MAX_LINHAS rows) with the list's own SQL and scope, and writes an XLSX (or a CSV) whose
// header is the screen's column titles; the file is downloaded at GET /api/download/tarefa/{uid}.
// Permission: read the resource (the task's readers may follow it and download the file).

export const MAX_LINHAS_EXPORTACAO = 50_000;
const PAGINA = 1_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CSV = 'text/csv; charset=utf-8';

/** Text kept with the task (jsonb): no NUL, which PostgreSQL refuses (a 400, not a 500). */
const texto = (max: number, min = 1) => z.string().min(min).max(max).refine((s) => !s.includes('\u0000'), CARACTERE_INVALIDO);

export const colunaExportada = z.object({
  campo: texto(80),
  titulo: texto(120),
  /** Words for coded values (status 3 → 'Aprovada', true → 'Ativo'): value as text → label. */
  valores: z.record(texto(100, 0), texto(200, 0)).optional(),
});
export const exportarListaInput = z.object({
  /** The list's path under /api/v1, as the screen reads it. */
  lista: z.string().min(2).max(300).regex(/^\/[\w/-]+$/, 'Caminho de lista inválido'),
  /** The list's query parameters (ftr_*, ssf, sso, extra list parameters); pc/pps are the task's. */
  filtros: z.record(texto(100), texto(500, 0)).default({}),
  colunas: z.array(colunaExportada).min(1).max(80),
  /** The file's name without extension (e.g. the screen's title). */
  nome: texto(80).optional(),
  /** xlsx (default) or csv: ';' separated, UTF-8 with BOM, numbers with decimal comma, dates DD/MM/YYYY (Excel pt-BR opens it as is). */
  formato: z.enum(['xlsx', 'csv']).default('xlsx'),
});
type Coluna = z.infer<typeof colunaExportada>;

type Parametros = {
  filtros: Record<string, string>;
  colunas: Coluna[];
  nome: string;
  formato?: 'xlsx' | 'csv';
  parentUid?: string;
  quem: Pick<RequestContext, 'tipoUsuario' | 'transportadorUid' | 'permissoes'>;
};

const ISO_DATA = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATA_HORA = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const DATA_HORA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** A list value as a spreadsheet cell: words for codes, dates as dates, yes/no, names of linked records. */
export function celula(v: unknown, c: Pick<Coluna, 'valores'>): string | number | Date | null {
  if (v === null || v === undefined) return null;
  if (c.valores && Object.hasOwn(c.valores, String(v))) return c.valores[String(v)];
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    // A day stays a date cell (sortable in Excel); a moment is written as the screen shows it (Brasília time).
    if (ISO_DATA.test(v)) return new Date(`${v}T00:00:00Z`);
    if (ISO_DATA_HORA.test(v) && !Number.isNaN(Date.parse(v))) return DATA_HORA.format(new Date(v)).replace(',', '');
    return v;
  }
  if (Array.isArray(v)) return v.map((x) => String(celula(x, c) ?? '')).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    const nome = o.nome ?? o.descricao ?? o.label ?? o.codigo;
    return nome === undefined ? JSON.stringify(v) : String(nome);
  }
  return String(v);
}

const NUMERO_CSV = new Intl.NumberFormat('pt-BR', { useGrouping: false, maximumFractionDigits: 10 });
const DATA_CSV = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

/** A cell as CSV text (Brazilian Excel): decimal comma, DD/MM/YYYY, quoted when it holds ';', '"' or a line
 * break; text that a spreadsheet would read as a formula (=, +, @, -x) is prefixed with an apostrophe. */
export function campoCsv(v: ReturnType<typeof celula>): string {
  if (v === null) return '';
  if (typeof v === 'number') return NUMERO_CSV.format(v);
  if (v instanceof Date) return DATA_CSV.format(v);
  let t = String(v);
  if (/^[=+@\t\r]|^-[^\d]/.test(t)) t = `'${t}`;
  return /[;"\r\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t;
}

/** The whole CSV file: BOM, header, rows, CRLF line ends. */
export function arquivoCsv(titulos: string[], linhas: ReturnType<typeof celula>[][]): Buffer {
  const texto = [titulos.map(campoCsv), ...linhas.map((l) => l.map(campoCsv))].map((l) => l.join(';')).join('\r\n');
  return Buffer.from(`\uFEFF${texto}\r\n`, 'utf8');
}

const tipos = new Map<string, TipoTarefa<Parametros>>();

/** The queue task exporting one resource's list (one per resource: its readers follow it). */
function tipoDaExportacao(def: ResourceDef): TipoTarefa<Parametros> {
  const tipo = `exportar-lista:${def.path}`;
  const ja = tipos.get(tipo);
  if (ja) return ja;
  const t = defineTipoTarefa<Parametros>({
    tipo,
    nome: `Exportação de ${def.nome}`,
    recurso: def.recurso,
    processar: async () => ({ situacao: 'ok' }),
    async concluir(db, tarefa) {
      const p = tarefa.parametros;
      const ctx: RequestContext = { ...p.quem, usuarioUid: tarefa.usuarioUid ?? '', embarcadorUid: tarefa.embarcadorUid, login: '', nome: '', via: 'sessao' };
      const csv = p.formato === 'csv';
      const linhasCsv: ReturnType<typeof celula>[][] = [];
      const wb = new ExcelJS.Workbook();
      wb.creator = 'Fretio';
      const ws = wb.addWorksheet(p.nome.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
      ws.columns = p.colunas.map((c) => ({ header: c.titulo, key: c.campo, width: Math.min(60, Math.max(12, c.titulo.length + 4)) }));
      ws.getRow(1).font = { bold: true };
      ws.views = [{ state: 'frozen', ySplit: 1 }];
      let linhas = 0;
      for (let pc = 1; linhas < MAX_LINHAS_EXPORTACAO; pc++) {
        const { data } = await listar(db, def, ctx, { ...p.filtros, pc, pps: PAGINA }, p.parentUid);
        for (const r of (data as Record<string, unknown>[]).slice(0, MAX_LINHAS_EXPORTACAO - linhas)) {
          const valores = p.colunas.map((c) => celula(r[c.campo], c));
          if (csv) linhasCsv.push(valores);
          else
            ws.addRow(valores).eachCell((cel) => {
              if (cel.value instanceof Date) cel.numFmt = 'dd/mm/yyyy';
            });
          linhas++;
        }
        if (data.length < PAGINA) break;
      }
      const dados = csv ? arquivoCsv(p.colunas.map((c) => c.titulo), linhasCsv) : Buffer.from(await wb.xlsx.writeBuffer());
      const nome = `${p.nome.replace(/[^\p{L}\p{N} _-]/gu, '').trim() || 'lista'}.${csv ? 'csv' : 'xlsx'}`;
      const chave = `exportacoes/${tarefa.embarcadorUid}/${randomUUID()}-${nome}`;
      await tarefa.storage.put(chave, dados);
      const limite = linhas >= MAX_LINHAS_EXPORTACAO ? ` Limitado a ${MAX_LINHAS_EXPORTACAO.toLocaleString('pt-BR')} linhas: refine os filtros.` : '';
      return { arquivo: { chave, nome, tipoConteudo: csv ? CSV : XLSX, tamanho: dados.length }, mensagem: `${linhas} registro(s) exportado(s).${limite}` };
    },
  });
  tipos.set(tipo, t);
  return t;
}

/** The list a path names ('/centros-custo', '/transportadores/<uid>/unidades'): its declaration and parent. */
export function listaDoCaminho(registro: readonly ResourceDef[], caminho: string) {
  for (const def of registro) {
    if (def.operations && !def.operations.includes('list')) continue;
    const re = new RegExp(`^${def.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(':uid', '([0-9a-fA-F-]{36})')}$`);
    const m = re.exec(caminho);
    if (m) return { def, parentUid: m[1] as string | undefined };
  }
  return undefined;
}

/** POST /api/v1/exportar-lista: one route for every list (registerResource fills the registry). */
export function registrarExportacaoDeListas(app: FastifyInstance, registro: readonly ResourceDef[]) {
  app.post(
    '/api/v1/exportar-lista',
    {
      // Any signed-in user: the permission is the list's ('ler' of its resource), checked below.
      schema: {
        tags: ['Exportação'],
        summary: 'Exporta uma lista (filtros e ordem da tela) para XLSX ou CSV numa tarefa',
        description:
          'lista: o caminho da lista sob /api/v1 (ex.: /centros-custo, /transportadores/{uid}/unidades); filtros: os parâmetros da lista ' +
          '(ftr_*, ssf, sso); colunas: campo, título (cabeçalho da planilha) e valores (código → texto); formato: xlsx (padrão) ou csv ' +
          '(separado por ";", UTF-8 com BOM, números com vírgula decimal, datas DD/MM/AAAA). Permissão: ler o recurso da lista. ' +
          `Todas as páginas, até ${MAX_LINHAS_EXPORTACAO.toLocaleString('pt-BR')} linhas. Responde data.uid da tarefa; o arquivo sai em GET /api/download/tarefa/{uid}.`,
        body: exportarListaInput,
        response: ok(tarefaCriada),
      },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      const ctx = req.ctx;
      const body = req.body as z.infer<typeof exportarListaInput>;
      const achada = listaDoCaminho(registro, body.lista);
      if (!achada) throw AppError.field('lista', `Lista desconhecida: ${body.lista}`);
      const { def, parentUid } = achada;
      if (!temPermissao(ctx, def.recurso, 'ler')) throw AppError.forbidden();
      // Columns the list's items do not carry (a screen's computed column) are left out; none left is a 400.
      const campos = new Set(Object.keys(def.item.shape));
      const colunas = body.colunas.filter((c) => campos.has(c.campo));
      if (!colunas.length)
        throw AppError.field('colunas', `Nenhuma coluna conhecida da lista: ${body.colunas.map((c) => c.campo).join(', ')}`);
      // Paging is the task's own; the filters and the sort are the list's, checked now (400), not in the task.
      const semPagina = Object.fromEntries(Object.entries(body.filtros).filter(([k]) => k !== 'pc' && k !== 'pps'));
      const rangeNames = Object.entries(def.filters).filter(([, f]) => f.range).map(([k]) => k);
      const lida = listQuerySchema(Object.keys(def.filters), rangeNames, def.listQuery).safeParse(semPagina);
      if (!lida.success) {
        const erros = lida.error.issues.map((i) => ({ field: `filtros.${i.path.join('.')}`, message: i.message }));
        throw AppError.validation(erros, erros[0]?.message);
      }
      await listar(app.db, def, ctx, { ...semPagina, pc: 1, pps: 1 }, parentUid);
      const nome = body.nome ?? def.nome;
      const uid = await criarTarefa(
        app.db,
        ctx,
        tipoDaExportacao(def),
        {
          filtros: semPagina,
          colunas,
          nome,
          formato: body.formato,
          parentUid,
          // Who asked, as the list scopes it (no names: the parameters are stored with the task).
          quem: { tipoUsuario: ctx.tipoUsuario, transportadorUid: ctx.transportadorUid, permissoes: ctx.permissoes },
        },
        [{ nome: `Exportação de ${nome}` }],
      );
      return { success: true, message: 'Exportação iniciada.', data: { uid } };
    },
  );
}
