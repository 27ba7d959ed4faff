CREATE TABLE "auditoria_taxas_especiais" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"auditoria_uid" uuid NOT NULL,
	"descricao" varchar(120) NOT NULL,
	"componente" varchar(40),
	"valor" numeric(15, 2) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "auditoria_taxas_valor_ck" CHECK ("auditoria_taxas_especiais"."valor" > 0)
);
--> statement-breakpoint
CREATE TABLE "auditorias" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"cte_uid" uuid NOT NULL,
	"chave_cte" varchar(44) NOT NULL,
	"numero_cte" integer NOT NULL,
	"serie_cte" integer NOT NULL,
	"emissao" timestamp with time zone NOT NULL,
	"transportador_uid" uuid,
	"unidade_transportador_uid" uuid,
	"status" smallint NOT NULL,
	"resultado_calculo" smallint NOT NULL,
	"fonte" varchar(10),
	"referencia_uid" uuid,
	"valor_cobrado" numeric(15, 2) NOT NULL,
	"valor_esperado" numeric(15, 2),
	"diferenca" numeric(15, 2),
	"resumo" varchar(2000) NOT NULL,
	"linhas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"memoria" jsonb,
	"mensagem" varchar(1000),
	"aceita_por_uid" uuid,
	"aceita_em" timestamp with time zone,
	"auditada_em" timestamp with time zone DEFAULT now() NOT NULL,
	"pre_fatura_uid" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "condicoes_pagamento" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(120) NOT NULL,
	"base" varchar(10) DEFAULT 'EMISSAO' NOT NULL,
	"parcelas" jsonb NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conta_corrente_transportador" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"data" timestamp with time zone DEFAULT now() NOT NULL,
	"valor" numeric(15, 2) NOT NULL,
	"historico" varchar(500) NOT NULL,
	"documento_tipo" varchar(20) NOT NULL,
	"documento_uid" uuid NOT NULL,
	"usuario_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "fatura_ctes" (
	"fatura_uid" uuid NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"cte_uid" uuid NOT NULL,
	"auditoria_uid" uuid,
	"valor" numeric(15, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faturas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"unidade_transportador_uid" uuid,
	"pre_fatura_uid" uuid,
	"condicao_pagamento_uid" uuid,
	"numero" varchar(30) NOT NULL,
	"emissao" date NOT NULL,
	"vencimento" date NOT NULL,
	"valor" numeric(15, 2) NOT NULL,
	"valor_desconto" numeric(15, 2) DEFAULT '0' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"validada_em" timestamp with time zone,
	"data_pagamento" date,
	"observacao" varchar(500),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "faturas_valor_ck" CHECK ("faturas"."valor" >= 0 and "faturas"."valor_desconto" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pre_faturas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"unidade_transportador_uid" uuid,
	"status" smallint DEFAULT 1 NOT NULL,
	"valor_total" numeric(15, 2) DEFAULT '0' NOT NULL,
	"quantidade_ctes" integer DEFAULT 0 NOT NULL,
	"automatica" boolean DEFAULT false NOT NULL,
	"liberada_em" timestamp with time zone,
	"observacao" varchar(500),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpa_titulos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"rpa_uid" uuid NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"favorecido" varchar(150) NOT NULL,
	"valor" numeric(15, 2) NOT NULL,
	"vencimento" date NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"data_pagamento" date,
	"valor_pago" numeric(15, 2),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rpas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "rpas_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"unidade_transportador_uid" uuid NOT NULL,
	"motorista_uid" uuid,
	"data" date NOT NULL,
	"descricao" varchar(500),
	"valor_frete" numeric(15, 2) NOT NULL,
	"dependentes" smallint DEFAULT 0 NOT NULL,
	"aliquota_iss" numeric(9, 4),
	"calculo" jsonb NOT NULL,
	"base_inss_limitada" numeric(15, 2) NOT NULL,
	"valor_liquido" numeric(15, 2) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"emitido_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tolerancias_auditoria" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid,
	"componente" varchar(40),
	"percentual_acima" numeric(9, 4),
	"valor_acima" numeric(15, 2),
	"percentual_abaixo" numeric(9, 4),
	"valor_abaixo" numeric(15, 2),
	"aceitar_abaixo" boolean DEFAULT false NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tolerancias_auditoria_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","transportador_uid","componente")
);
--> statement-breakpoint
ALTER TABLE "auditoria_taxas_especiais" ADD CONSTRAINT "auditoria_taxas_especiais_auditoria_uid_auditorias_uid_fk" FOREIGN KEY ("auditoria_uid") REFERENCES "public"."auditorias"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditorias" ADD CONSTRAINT "auditorias_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditorias" ADD CONSTRAINT "auditorias_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auditorias" ADD CONSTRAINT "auditorias_unidade_transportador_uid_unidades_transportador_uid_fk" FOREIGN KEY ("unidade_transportador_uid") REFERENCES "public"."unidades_transportador"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condicoes_pagamento" ADD CONSTRAINT "condicoes_pagamento_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_corrente_transportador" ADD CONSTRAINT "conta_corrente_transportador_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conta_corrente_transportador" ADD CONSTRAINT "conta_corrente_transportador_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatura_ctes" ADD CONSTRAINT "fatura_ctes_fatura_uid_faturas_uid_fk" FOREIGN KEY ("fatura_uid") REFERENCES "public"."faturas"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatura_ctes" ADD CONSTRAINT "fatura_ctes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fatura_ctes" ADD CONSTRAINT "fatura_ctes_auditoria_uid_auditorias_uid_fk" FOREIGN KEY ("auditoria_uid") REFERENCES "public"."auditorias"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas" ADD CONSTRAINT "faturas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas" ADD CONSTRAINT "faturas_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas" ADD CONSTRAINT "faturas_unidade_transportador_uid_unidades_transportador_uid_fk" FOREIGN KEY ("unidade_transportador_uid") REFERENCES "public"."unidades_transportador"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas" ADD CONSTRAINT "faturas_pre_fatura_uid_pre_faturas_uid_fk" FOREIGN KEY ("pre_fatura_uid") REFERENCES "public"."pre_faturas"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faturas" ADD CONSTRAINT "faturas_condicao_pagamento_uid_condicoes_pagamento_uid_fk" FOREIGN KEY ("condicao_pagamento_uid") REFERENCES "public"."condicoes_pagamento"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_faturas" ADD CONSTRAINT "pre_faturas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_faturas" ADD CONSTRAINT "pre_faturas_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_faturas" ADD CONSTRAINT "pre_faturas_unidade_transportador_uid_unidades_transportador_uid_fk" FOREIGN KEY ("unidade_transportador_uid") REFERENCES "public"."unidades_transportador"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpa_titulos" ADD CONSTRAINT "rpa_titulos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpa_titulos" ADD CONSTRAINT "rpa_titulos_rpa_uid_rpas_uid_fk" FOREIGN KEY ("rpa_uid") REFERENCES "public"."rpas"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpas" ADD CONSTRAINT "rpas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rpas" ADD CONSTRAINT "rpas_unidade_transportador_uid_unidades_transportador_uid_fk" FOREIGN KEY ("unidade_transportador_uid") REFERENCES "public"."unidades_transportador"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tolerancias_auditoria" ADD CONSTRAINT "tolerancias_auditoria_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tolerancias_auditoria" ADD CONSTRAINT "tolerancias_auditoria_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auditoria_taxas_especiais_auditoria_uid_index" ON "auditoria_taxas_especiais" USING btree ("auditoria_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "auditorias_cte_uq" ON "auditorias" USING btree ("embarcador_uid","cte_uid");--> statement-breakpoint
CREATE INDEX "auditorias_emissao_idx" ON "auditorias" USING btree ("embarcador_uid","emissao","uid");--> statement-breakpoint
CREATE INDEX "auditorias_status_emissao_idx" ON "auditorias" USING btree ("embarcador_uid","status","emissao");--> statement-breakpoint
CREATE INDEX "auditorias_transportador_idx" ON "auditorias" USING btree ("embarcador_uid","transportador_uid","emissao");--> statement-breakpoint
CREATE INDEX "auditorias_pre_fatura_idx" ON "auditorias" USING btree ("pre_fatura_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "condicoes_pagamento_nome_uq" ON "condicoes_pagamento" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE INDEX "conta_corrente_transportador_idx" ON "conta_corrente_transportador" USING btree ("embarcador_uid","transportador_uid","data");--> statement-breakpoint
CREATE UNIQUE INDEX "fatura_ctes_cte_uq" ON "fatura_ctes" USING btree ("embarcador_uid","cte_uid");--> statement-breakpoint
CREATE INDEX "fatura_ctes_fatura_uid_index" ON "fatura_ctes" USING btree ("fatura_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "faturas_numero_uq" ON "faturas" USING btree ("embarcador_uid","transportador_uid","numero");--> statement-breakpoint
CREATE INDEX "faturas_idx" ON "faturas" USING btree ("embarcador_uid","status","emissao");--> statement-breakpoint
CREATE INDEX "pre_faturas_idx" ON "pre_faturas" USING btree ("embarcador_uid","status","criado_em");--> statement-breakpoint
CREATE INDEX "rpa_titulos_idx" ON "rpa_titulos" USING btree ("embarcador_uid","vencimento");--> statement-breakpoint
CREATE INDEX "rpa_titulos_rpa_uid_index" ON "rpa_titulos" USING btree ("rpa_uid");--> statement-breakpoint
CREATE INDEX "rpas_idx" ON "rpas" USING btree ("embarcador_uid","data");--> statement-breakpoint
CREATE INDEX "rpas_unidade_mes_idx" ON "rpas" USING btree ("unidade_transportador_uid","data");