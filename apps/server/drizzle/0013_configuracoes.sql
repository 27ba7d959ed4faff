CREATE TABLE "configuracoes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"fator_cubagem_padrao" integer DEFAULT 300 NOT NULL,
	"dias_tolerancia_entrega" integer DEFAULT 0 NOT NULL,
	"aliquota_iss_padrao" numeric(7, 4) DEFAULT '5' NOT NULL,
	"email_notificacoes" varchar(500),
	"tolerancia_auditoria_percentual" numeric(7, 4) DEFAULT '1' NOT NULL,
	"tolerancia_auditoria_valor" numeric(14, 2) DEFAULT '1.00' NOT NULL,
	"moeda" varchar(3) DEFAULT 'BRL' NOT NULL,
	"fuso_horario" varchar(40) DEFAULT 'America/Sao_Paulo' NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "configuracoes_embarcador_uq" UNIQUE("embarcador_uid")
);
--> statement-breakpoint
CREATE TABLE "iss_municipios" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"def" boolean DEFAULT false NOT NULL,
	"municipio_ibge" varchar(7) NOT NULL,
	"aliquota" numeric(7, 4) NOT NULL,
	"retencao" varchar(12) DEFAULT 'NAO_RETIDO' NOT NULL,
	"observacao" varchar(255),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "iss_municipios_def_ck" CHECK ("iss_municipios"."def" = ("iss_municipios"."embarcador_uid" is null))
);
--> statement-breakpoint
CREATE TABLE "parametros_embarcador" (
	"embarcador_uid" uuid NOT NULL,
	"chave" varchar(80) NOT NULL,
	"valor" jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parametros_embarcador_embarcador_uid_chave_pk" PRIMARY KEY("embarcador_uid","chave")
);
--> statement-breakpoint
CREATE TABLE "tributos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"chave" varchar(40) NOT NULL,
	"uf" varchar(2),
	"uf_origem" varchar(2),
	"uf_destino" varchar(2),
	"aliquota" numeric(7, 4),
	"regime_pis_cofins" varchar(20),
	"aliquota_pis" numeric(7, 4),
	"aliquota_cofins" numeric(7, 4),
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date,
	"descricao" varchar(255),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tributos_tipo_ck" CHECK ("tributos"."tipo" in ('INTERNO', 'INTERESTADUAL', 'IMPORTADO', 'PIS_COFINS')),
	CONSTRAINT "tributos_vigencia_ck" CHECK ("tributos"."vigencia_fim" is null or "tributos"."vigencia_fim" >= "tributos"."vigencia_inicio")
);
--> statement-breakpoint
CREATE TABLE "tributos_gerais" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"regime_tributario" varchar(20) DEFAULT 'LUCRO_REAL' NOT NULL,
	"regime_pis_cofins" varchar(20) DEFAULT 'NAO_CUMULATIVO' NOT NULL,
	"icms_incluso" boolean DEFAULT false NOT NULL,
	"calcula_icms" boolean DEFAULT true NOT NULL,
	"calcula_pis_cofins" boolean DEFAULT true NOT NULL,
	"calcula_iss" boolean DEFAULT true NOT NULL,
	"credito_icms" boolean DEFAULT true NOT NULL,
	"credito_pis_cofins" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tributos_gerais_embarcador_uq" UNIQUE("embarcador_uid")
);
--> statement-breakpoint
ALTER TABLE "configuracoes" ADD CONSTRAINT "configuracoes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iss_municipios" ADD CONSTRAINT "iss_municipios_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "iss_municipios" ADD CONSTRAINT "iss_municipios_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parametros_embarcador" ADD CONSTRAINT "parametros_embarcador_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributos" ADD CONSTRAINT "tributos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributos" ADD CONSTRAINT "tributos_uf_estados_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."estados"("sigla") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributos" ADD CONSTRAINT "tributos_uf_origem_estados_sigla_fk" FOREIGN KEY ("uf_origem") REFERENCES "public"."estados"("sigla") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributos" ADD CONSTRAINT "tributos_uf_destino_estados_sigla_fk" FOREIGN KEY ("uf_destino") REFERENCES "public"."estados"("sigla") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributos_gerais" ADD CONSTRAINT "tributos_gerais_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "iss_municipios_embarcador_uq" ON "iss_municipios" USING btree ("embarcador_uid","municipio_ibge");--> statement-breakpoint
CREATE UNIQUE INDEX "iss_municipios_padrao_uq" ON "iss_municipios" USING btree ("municipio_ibge") WHERE "iss_municipios"."embarcador_uid" is null;--> statement-breakpoint
CREATE INDEX "tributos_chave_idx" ON "tributos" USING btree ("embarcador_uid","chave","vigencia_inicio");