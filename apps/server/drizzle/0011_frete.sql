CREATE TABLE "anexos" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"entidade" varchar(40) NOT NULL,
	"entidade_uid" uuid NOT NULL,
	"arquivo_uid" uuid NOT NULL,
	"nome" varchar(255) NOT NULL,
	"descricao" varchar(255),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"criado_por" uuid
);
--> statement-breakpoint
CREATE TABLE "componentes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"codigo" varchar(30) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(255),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faixas_cep" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(120) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"municipio_ibge" varchar(7),
	"cep_de" varchar(8) NOT NULL,
	"cep_ate" varchar(8) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faixas_cep_ordem_ck" CHECK ("faixas_cep"."cep_de" <= "faixas_cep"."cep_ate")
);
--> statement-breakpoint
CREATE TABLE "feriados" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"data" date NOT NULL,
	"nome" varchar(120) NOT NULL,
	"escopo" varchar(10) NOT NULL,
	"uf" varchar(2),
	"municipio_ibge" varchar(7),
	"facultativo" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feriados_escopo_ck" CHECK ("feriados"."escopo" in ('NACIONAL', 'UF', 'MUNICIPIO'))
);
--> statement-breakpoint
CREATE TABLE "mapas_componente" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"nome" varchar(120) NOT NULL,
	"componente_uid" uuid NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modais" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"codigo" varchar(20) NOT NULL,
	"nome" varchar(80) NOT NULL,
	"fator_cubagem_padrao" numeric(10, 2) DEFAULT '300' NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prazos_entrega" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"origem_tipo" varchar(10) NOT NULL,
	"origem_uf" varchar(2),
	"origem_ibge" varchar(7),
	"origem_regiao_uid" uuid,
	"origem_cep_de" varchar(8),
	"origem_cep_ate" varchar(8),
	"destino_tipo" varchar(10) NOT NULL,
	"destino_uf" varchar(2),
	"destino_ibge" varchar(7),
	"destino_regiao_uid" uuid,
	"destino_cep_de" varchar(8),
	"destino_cep_ate" varchar(8),
	"prazo_dias_uteis" smallint NOT NULL,
	"observacao" varchar(255),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regiao_locais" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"regiao_uid" uuid NOT NULL,
	"tipo" varchar(10) NOT NULL,
	"uf" varchar(2),
	"ibge" varchar(7),
	"cep_de" varchar(8),
	"cep_ate" varchar(8),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regiao_locais_tipo_ck" CHECK ("regiao_locais"."tipo" in ('UF', 'MUNICIPIO', 'FAIXA_CEP'))
);
--> statement-breakpoint
CREATE TABLE "regioes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(255),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rotas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid,
	"nome" varchar(150) NOT NULL,
	"origem_tipo" varchar(10) NOT NULL,
	"origem_uf" varchar(2),
	"origem_ibge" varchar(7),
	"origem_regiao_uid" uuid,
	"origem_cep_de" varchar(8),
	"origem_cep_ate" varchar(8),
	"destino_tipo" varchar(10) NOT NULL,
	"destino_uf" varchar(2),
	"destino_ibge" varchar(7),
	"destino_regiao_uid" uuid,
	"destino_cep_de" varchar(8),
	"destino_cep_ate" varchar(8),
	"distancia_km" numeric(10, 2),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faixas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"regra_uid" uuid NOT NULL,
	"tabela_frete_uid" uuid NOT NULL,
	"ate" numeric(14, 4),
	"valor" numeric(14, 4) NOT NULL,
	"modo" varchar(12) NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prioridades" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tabela_frete_uid" uuid NOT NULL,
	"origem_tipo" varchar(10),
	"origem_uf" varchar(2),
	"origem_ibge" varchar(7),
	"origem_regiao_uid" uuid,
	"origem_cep_de" varchar(8),
	"origem_cep_ate" varchar(8),
	"destino_tipo" varchar(10),
	"destino_uf" varchar(2),
	"destino_ibge" varchar(7),
	"destino_regiao_uid" uuid,
	"destino_cep_de" varchar(8),
	"destino_cep_ate" varchar(8),
	"prioridade" integer NOT NULL,
	"observacao" varchar(255),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regras" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tabela_frete_uid" uuid NOT NULL,
	"tabela_rota_uid" uuid,
	"escopo" varchar(12) NOT NULL,
	"componente" varchar(30) NOT NULL,
	"base" varchar(15) NOT NULL,
	"calculo" varchar(12) NOT NULL,
	"valor" numeric(14, 4),
	"minimo" numeric(14, 2),
	"maximo" numeric(14, 2),
	"apos_minimo" boolean DEFAULT false NOT NULL,
	"ordem" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "regras_escopo_ck" CHECK (("regras"."escopo" = 'GENERALIDADE' and "regras"."tabela_rota_uid" is null) or ("regras"."escopo" = 'ROTA' and "regras"."tabela_rota_uid" is not null))
);
--> statement-breakpoint
CREATE TABLE "restricao_pessoas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"restricao_uid" uuid NOT NULL,
	"tabela_frete_uid" uuid NOT NULL,
	"papel" varchar(12) NOT NULL,
	"pessoa_uid" uuid NOT NULL,
	"documento" varchar(14) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restricao_pessoas_papel_ck" CHECK ("restricao_pessoas"."papel" in ('REMETENTE', 'DESTINATARIO'))
);
--> statement-breakpoint
CREATE TABLE "restricoes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tabela_frete_uid" uuid NOT NULL,
	"componente" varchar(30) NOT NULL,
	"modo" varchar(8) NOT NULL,
	"descricao" varchar(255),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restricoes_modo_ck" CHECK ("restricoes"."modo" in ('SOMENTE', 'EXCETO'))
);
--> statement-breakpoint
CREATE TABLE "tabela_frete_rotas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tabela_frete_uid" uuid NOT NULL,
	"rota_uid" uuid,
	"origem_tipo" varchar(10) NOT NULL,
	"origem_uf" varchar(2),
	"origem_ibge" varchar(7),
	"origem_regiao_uid" uuid,
	"origem_cep_de" varchar(8),
	"origem_cep_ate" varchar(8),
	"destino_tipo" varchar(10) NOT NULL,
	"destino_uf" varchar(2),
	"destino_ibge" varchar(7),
	"destino_regiao_uid" uuid,
	"destino_cep_de" varchar(8),
	"destino_cep_ate" varchar(8),
	"prazo_dias_uteis" smallint NOT NULL,
	"frete_minimo" numeric(14, 2),
	"distancia_km" numeric(10, 2),
	"tipo_veiculo_uid" uuid,
	"ordem" integer DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tabelas_frete" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(150) NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"modal_uid" uuid,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date,
	"fator_cubagem" numeric(10, 2) DEFAULT '300' NOT NULL,
	"icms_incluso" boolean DEFAULT false NOT NULL,
	"prioridade" integer DEFAULT 0 NOT NULL,
	"observacoes" text,
	"status" smallint DEFAULT 3 NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"tabela_origem_uid" uuid,
	"historica" boolean DEFAULT false NOT NULL,
	"revisao" integer DEFAULT 1 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tabelas_frete_status_ck" CHECK ("tabelas_frete"."status" in (1, 2, 3)),
	CONSTRAINT "tabelas_frete_vigencia_ck" CHECK ("tabelas_frete"."vigencia_fim" is null or "tabelas_frete"."vigencia_fim" >= "tabelas_frete"."vigencia_inicio")
);
--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_arquivo_uid_arquivos_uid_fk" FOREIGN KEY ("arquivo_uid") REFERENCES "public"."arquivos"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anexos" ADD CONSTRAINT "anexos_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "componentes" ADD CONSTRAINT "componentes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faixas_cep" ADD CONSTRAINT "faixas_cep_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faixas_cep" ADD CONSTRAINT "faixas_cep_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriados" ADD CONSTRAINT "feriados_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feriados" ADD CONSTRAINT "feriados_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapas_componente" ADD CONSTRAINT "mapas_componente_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapas_componente" ADD CONSTRAINT "mapas_componente_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mapas_componente" ADD CONSTRAINT "mapas_componente_componente_uid_componentes_uid_fk" FOREIGN KEY ("componente_uid") REFERENCES "public"."componentes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modais" ADD CONSTRAINT "modais_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazos_entrega" ADD CONSTRAINT "prazos_entrega_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazos_entrega" ADD CONSTRAINT "prazos_entrega_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazos_entrega" ADD CONSTRAINT "prazos_entrega_origem_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazos_entrega" ADD CONSTRAINT "prazos_entrega_origem_regiao_uid_regioes_uid_fk" FOREIGN KEY ("origem_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazos_entrega" ADD CONSTRAINT "prazos_entrega_destino_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prazos_entrega" ADD CONSTRAINT "prazos_entrega_destino_regiao_uid_regioes_uid_fk" FOREIGN KEY ("destino_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiao_locais" ADD CONSTRAINT "regiao_locais_regiao_uid_regioes_uid_fk" FOREIGN KEY ("regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regiao_locais" ADD CONSTRAINT "regiao_locais_ibge_municipios_ibge_fk" FOREIGN KEY ("ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regioes" ADD CONSTRAINT "regioes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_origem_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_origem_regiao_uid_regioes_uid_fk" FOREIGN KEY ("origem_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_destino_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rotas" ADD CONSTRAINT "rotas_destino_regiao_uid_regioes_uid_fk" FOREIGN KEY ("destino_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faixas" ADD CONSTRAINT "faixas_regra_uid_regras_uid_fk" FOREIGN KEY ("regra_uid") REFERENCES "public"."regras"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faixas" ADD CONSTRAINT "faixas_tabela_frete_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_frete_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prioridades" ADD CONSTRAINT "prioridades_tabela_frete_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_frete_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prioridades" ADD CONSTRAINT "prioridades_origem_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prioridades" ADD CONSTRAINT "prioridades_origem_regiao_uid_regioes_uid_fk" FOREIGN KEY ("origem_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prioridades" ADD CONSTRAINT "prioridades_destino_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prioridades" ADD CONSTRAINT "prioridades_destino_regiao_uid_regioes_uid_fk" FOREIGN KEY ("destino_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_tabela_frete_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_frete_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_tabela_rota_uid_tabela_frete_rotas_uid_fk" FOREIGN KEY ("tabela_rota_uid") REFERENCES "public"."tabela_frete_rotas"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricao_pessoas" ADD CONSTRAINT "restricao_pessoas_restricao_uid_restricoes_uid_fk" FOREIGN KEY ("restricao_uid") REFERENCES "public"."restricoes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricao_pessoas" ADD CONSTRAINT "restricao_pessoas_tabela_frete_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_frete_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricao_pessoas" ADD CONSTRAINT "restricao_pessoas_pessoa_uid_pessoas_uid_fk" FOREIGN KEY ("pessoa_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restricoes" ADD CONSTRAINT "restricoes_tabela_frete_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_frete_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_tabela_frete_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_frete_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_rota_uid_rotas_uid_fk" FOREIGN KEY ("rota_uid") REFERENCES "public"."rotas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_origem_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_origem_regiao_uid_regioes_uid_fk" FOREIGN KEY ("origem_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_destino_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_destino_regiao_uid_regioes_uid_fk" FOREIGN KEY ("destino_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD CONSTRAINT "tabela_frete_rotas_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_modal_uid_modais_uid_fk" FOREIGN KEY ("modal_uid") REFERENCES "public"."modais"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_tabela_origem_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_origem_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "anexos_entidade_idx" ON "anexos" USING btree ("embarcador_uid","entidade","entidade_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "componentes_codigo_uq" ON "componentes" USING btree ("embarcador_uid","codigo");--> statement-breakpoint
CREATE INDEX "faixas_cep_embarcador_idx" ON "faixas_cep" USING btree ("embarcador_uid","cep_de","cep_ate");--> statement-breakpoint
CREATE UNIQUE INDEX "feriados_sistema_uq" ON "feriados" USING btree ("data","nome") WHERE "feriados"."embarcador_uid" is null;--> statement-breakpoint
CREATE INDEX "feriados_embarcador_data_idx" ON "feriados" USING btree ("embarcador_uid","data");--> statement-breakpoint
CREATE INDEX "feriados_data_idx" ON "feriados" USING btree ("data");--> statement-breakpoint
CREATE UNIQUE INDEX "mapas_componente_nome_uq" ON "mapas_componente" USING btree ("embarcador_uid","transportador_uid","nome");--> statement-breakpoint
CREATE INDEX "mapas_componente_componente_uid_index" ON "mapas_componente" USING btree ("componente_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "modais_codigo_uq" ON "modais" USING btree ("embarcador_uid","codigo");--> statement-breakpoint
CREATE INDEX "prazos_entrega_transportador_idx" ON "prazos_entrega" USING btree ("embarcador_uid","transportador_uid");--> statement-breakpoint
CREATE INDEX "regiao_locais_regiao_idx" ON "regiao_locais" USING btree ("regiao_uid");--> statement-breakpoint
CREATE INDEX "regiao_locais_uf_idx" ON "regiao_locais" USING btree ("uf");--> statement-breakpoint
CREATE INDEX "regiao_locais_ibge_idx" ON "regiao_locais" USING btree ("ibge");--> statement-breakpoint
CREATE UNIQUE INDEX "regioes_nome_uq" ON "regioes" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "rotas_nome_uq" ON "rotas" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE INDEX "rotas_transportador_idx" ON "rotas" USING btree ("transportador_uid");--> statement-breakpoint
CREATE INDEX "faixas_regra_idx" ON "faixas" USING btree ("regra_uid","ordem");--> statement-breakpoint
CREATE INDEX "faixas_tabela_idx" ON "faixas" USING btree ("tabela_frete_uid");--> statement-breakpoint
CREATE INDEX "prioridades_tabela_idx" ON "prioridades" USING btree ("tabela_frete_uid");--> statement-breakpoint
CREATE INDEX "regras_tabela_idx" ON "regras" USING btree ("tabela_frete_uid");--> statement-breakpoint
CREATE INDEX "regras_rota_idx" ON "regras" USING btree ("tabela_rota_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "restricao_pessoas_uq" ON "restricao_pessoas" USING btree ("restricao_uid","papel","pessoa_uid");--> statement-breakpoint
CREATE INDEX "restricao_pessoas_tabela_idx" ON "restricao_pessoas" USING btree ("tabela_frete_uid");--> statement-breakpoint
CREATE INDEX "restricao_pessoas_pessoa_uid_index" ON "restricao_pessoas" USING btree ("pessoa_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "restricoes_componente_uq" ON "restricoes" USING btree ("tabela_frete_uid","componente");--> statement-breakpoint
CREATE INDEX "tabela_frete_rotas_tabela_idx" ON "tabela_frete_rotas" USING btree ("tabela_frete_uid","ordem");--> statement-breakpoint
CREATE INDEX "tabela_frete_rotas_rota_uid_index" ON "tabela_frete_rotas" USING btree ("rota_uid");--> statement-breakpoint
CREATE INDEX "tabelas_frete_embarcador_idx" ON "tabelas_frete" USING btree ("embarcador_uid","status","vigencia_inicio");--> statement-breakpoint
CREATE INDEX "tabelas_frete_transportador_idx" ON "tabelas_frete" USING btree ("transportador_uid");