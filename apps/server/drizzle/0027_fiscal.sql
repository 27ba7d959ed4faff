CREATE TABLE "cte_componentes" (
	"cte_uid" uuid NOT NULL,
	"ordem" smallint NOT NULL,
	"nome" varchar(60) NOT NULL,
	"valor" numeric(15, 2) NOT NULL,
	CONSTRAINT "cte_componentes_cte_uid_ordem_pk" PRIMARY KEY("cte_uid","ordem")
);
--> statement-breakpoint
CREATE TABLE "cte_nfes" (
	"cte_uid" uuid NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"chave" varchar(44) NOT NULL,
	"ordem" smallint NOT NULL,
	"nfe_uid" uuid,
	CONSTRAINT "cte_nfes_cte_uid_chave_pk" PRIMARY KEY("cte_uid","chave")
);
--> statement-breakpoint
CREATE TABLE "ctes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"chave" varchar(44) NOT NULL,
	"versao" varchar(5),
	"numero" integer NOT NULL,
	"serie" integer NOT NULL,
	"modelo" smallint DEFAULT 57 NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	"emissao_texto" varchar(30) NOT NULL,
	"tipo_ambiente" smallint,
	"cfop" varchar(4),
	"natureza_operacao" varchar(255),
	"tipo_cte" smallint,
	"tipo_servico" smallint,
	"modal" varchar(2),
	"emitente_documento" varchar(20),
	"emitente_nome" varchar(255),
	"emitente_uf" varchar(2),
	"remetente_documento" varchar(20),
	"remetente_nome" varchar(255),
	"expedidor_documento" varchar(20),
	"expedidor_nome" varchar(255),
	"recebedor_documento" varchar(20),
	"recebedor_nome" varchar(255),
	"destinatario_documento" varchar(20),
	"destinatario_nome" varchar(255),
	"tomador_tipo" smallint,
	"tomador_documento" varchar(20),
	"tomador_nome" varchar(255),
	"origem_municipio_ibge" varchar(7),
	"origem_municipio" varchar(120),
	"origem_uf" varchar(2),
	"destino_municipio_ibge" varchar(7),
	"destino_municipio" varchar(120),
	"destino_uf" varchar(2),
	"valor_prestacao" numeric(15, 2),
	"valor_receber" numeric(15, 2),
	"valor_carga" numeric(15, 2),
	"icms_cst" varchar(3),
	"icms_base" numeric(15, 2),
	"icms_aliquota" numeric(7, 4),
	"icms_valor" numeric(15, 2),
	"peso_carga" numeric(15, 4),
	"quantidade_nfes" integer DEFAULT 0 NOT NULL,
	"chave_original" varchar(44),
	"cte_original_uid" uuid,
	"transportador_uid" uuid,
	"unidade_transportador_uid" uuid,
	"protocolo" varchar(20),
	"data_autorizacao" timestamp with time zone,
	"cancelado" boolean DEFAULT false NOT NULL,
	"cancelamento_protocolo" varchar(20),
	"cancelado_em" timestamp with time zone,
	"status" smallint DEFAULT 1 NOT NULL,
	"fatura_uid" uuid,
	"chave_valida" boolean DEFAULT true NOT NULL,
	"assinatura_valida" boolean DEFAULT false NOT NULL,
	"avisos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "documentos_xml" (
	"documento_uid" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"tipo" varchar(3) NOT NULL,
	"nome" varchar(255) NOT NULL,
	"tamanho" integer NOT NULL,
	"conteudo" "bytea" NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfe_itens" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nfe_uid" uuid NOT NULL,
	"numero" integer NOT NULL,
	"codigo" varchar(60),
	"descricao" varchar(500),
	"ncm" varchar(8),
	"cfop" varchar(4),
	"quantidade" numeric(19, 4),
	"unidade" varchar(10),
	"valor_unitario" numeric(25, 10),
	"valor" numeric(15, 2)
);
--> statement-breakpoint
CREATE TABLE "nfes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"chave" varchar(44),
	"virtual" boolean DEFAULT false NOT NULL,
	"substituida_por_uid" uuid,
	"versao" varchar(5),
	"numero" integer NOT NULL,
	"serie" integer NOT NULL,
	"modelo" smallint DEFAULT 55 NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	"emissao_texto" varchar(30) NOT NULL,
	"tipo_ambiente" smallint,
	"tipo_operacao" smallint,
	"natureza_operacao" varchar(255),
	"emitente_documento" varchar(20),
	"emitente_nome" varchar(255),
	"emitente_uf" varchar(2),
	"emitente_municipio_ibge" varchar(7),
	"emitente_municipio" varchar(120),
	"destinatario_documento" varchar(20),
	"destinatario_id_estrangeiro" varchar(20),
	"destinatario_nome" varchar(255),
	"destinatario_uf" varchar(2),
	"destinatario_municipio_ibge" varchar(7),
	"destinatario_municipio" varchar(120),
	"valor_total" numeric(15, 2),
	"valor_produtos" numeric(15, 2),
	"valor_frete" numeric(15, 2),
	"peso_bruto" numeric(15, 4),
	"peso_liquido" numeric(15, 4),
	"volumes" numeric(15, 0),
	"modalidade_frete" smallint,
	"transportador_documento" varchar(20),
	"transportador_nome" varchar(255),
	"transportador_uid" uuid,
	"unidade_embarcador_uid" uuid,
	"protocolo" varchar(20),
	"data_autorizacao" timestamp with time zone,
	"quantidade_itens" integer DEFAULT 0 NOT NULL,
	"cancelada" boolean DEFAULT false NOT NULL,
	"cancelamento_protocolo" varchar(20),
	"cancelada_em" timestamp with time zone,
	"chave_valida" boolean DEFAULT true NOT NULL,
	"assinatura_valida" boolean DEFAULT false NOT NULL,
	"avisos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"observacao" varchar(500),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cte_componentes" ADD CONSTRAINT "cte_componentes_cte_uid_ctes_uid_fk" FOREIGN KEY ("cte_uid") REFERENCES "public"."ctes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cte_nfes" ADD CONSTRAINT "cte_nfes_cte_uid_ctes_uid_fk" FOREIGN KEY ("cte_uid") REFERENCES "public"."ctes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cte_nfes" ADD CONSTRAINT "cte_nfes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cte_nfes" ADD CONSTRAINT "cte_nfes_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctes" ADD CONSTRAINT "ctes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctes" ADD CONSTRAINT "ctes_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ctes" ADD CONSTRAINT "ctes_unidade_transportador_uid_unidades_transportador_uid_fk" FOREIGN KEY ("unidade_transportador_uid") REFERENCES "public"."unidades_transportador"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documentos_xml" ADD CONSTRAINT "documentos_xml_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfe_itens" ADD CONSTRAINT "nfe_itens_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nfes" ADD CONSTRAINT "nfes_unidade_embarcador_uid_unidades_embarcador_uid_fk" FOREIGN KEY ("unidade_embarcador_uid") REFERENCES "public"."unidades_embarcador"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cte_nfes_chave_idx" ON "cte_nfes" USING btree ("embarcador_uid","chave");--> statement-breakpoint
CREATE INDEX "cte_nfes_nfe_idx" ON "cte_nfes" USING btree ("nfe_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "ctes_chave_uq" ON "ctes" USING btree ("embarcador_uid","chave");--> statement-breakpoint
CREATE INDEX "ctes_emissao_idx" ON "ctes" USING btree ("embarcador_uid","emissao","uid");--> statement-breakpoint
CREATE INDEX "ctes_transportador_idx" ON "ctes" USING btree ("transportador_uid","emissao");--> statement-breakpoint
CREATE INDEX "ctes_situacao_idx" ON "ctes" USING btree ("embarcador_uid","cancelado","fatura_uid","emissao");--> statement-breakpoint
CREATE INDEX "ctes_numero_idx" ON "ctes" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "ctes_original_idx" ON "ctes" USING btree ("embarcador_uid","chave_original");--> statement-breakpoint
CREATE INDEX "nfe_itens_nfe_idx" ON "nfe_itens" USING btree ("nfe_uid","numero");--> statement-breakpoint
CREATE UNIQUE INDEX "nfes_chave_uq" ON "nfes" USING btree ("embarcador_uid","chave");--> statement-breakpoint
CREATE INDEX "nfes_emissao_idx" ON "nfes" USING btree ("embarcador_uid","emissao","uid");--> statement-breakpoint
CREATE INDEX "nfes_uf_emissao_idx" ON "nfes" USING btree ("embarcador_uid","destinatario_uf","emissao");--> statement-breakpoint
CREATE INDEX "nfes_numero_idx" ON "nfes" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "nfes_emitente_idx" ON "nfes" USING btree ("embarcador_uid","emitente_documento","serie","numero");--> statement-breakpoint
CREATE INDEX "nfes_destinatario_idx" ON "nfes" USING btree ("embarcador_uid","destinatario_documento");--> statement-breakpoint
CREATE INDEX "nfes_transportador_idx" ON "nfes" USING btree ("transportador_uid","emissao");--> statement-breakpoint
CREATE INDEX "nfes_chave_idx" ON "nfes" USING btree ("chave");--> statement-breakpoint
CREATE UNIQUE INDEX "nfes_virtual_aberta_uq" ON "nfes" USING btree ("embarcador_uid","emitente_documento","serie","numero") WHERE virtual and substituida_por_uid is null;