ALTER TABLE "regras" DROP CONSTRAINT "regras_escopo_ck";--> statement-breakpoint
ALTER TABLE "tributos" DROP CONSTRAINT "tributos_tipo_ck";--> statement-breakpoint
ALTER TABLE "transportadores" ADD COLUMN "simples_nacional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "componentes" ADD COLUMN "frete_principal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "componentes" ADD COLUMN "fora_base_tributo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "compara_faixa_seguinte" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "fora_base_tributo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "percentual_valor" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "origem_tipo" varchar(10);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "origem_uf" varchar(2);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "origem_ibge" varchar(7);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "origem_regiao_uid" uuid;--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "origem_cep_de" varchar(8);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "origem_cep_ate" varchar(8);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "destino_tipo" varchar(10);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "destino_uf" varchar(2);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "destino_ibge" varchar(7);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "destino_regiao_uid" uuid;--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "destino_cep_de" varchar(8);--> statement-breakpoint
ALTER TABLE "regras" ADD COLUMN "destino_cep_ate" varchar(8);--> statement-breakpoint
ALTER TABLE "tabela_frete_rotas" ADD COLUMN "fator_cubagem" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD COLUMN "densidade_isencao_cubagem" numeric(10, 2);--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD COLUMN "submetido_por" uuid;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD COLUMN "aprovado_por" uuid;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD COLUMN "aprovado_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "pontos_facultativos_uteis" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "configuracoes" ADD COLUMN "aprovacao_tabelas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_origem_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_origem_regiao_uid_regioes_uid_fk" FOREIGN KEY ("origem_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_destino_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_destino_regiao_uid_regioes_uid_fk" FOREIGN KEY ("destino_regiao_uid") REFERENCES "public"."regioes"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_submetido_por_usuarios_uid_fk" FOREIGN KEY ("submetido_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tabelas_frete" ADD CONSTRAINT "tabelas_frete_aprovado_por_usuarios_uid_fk" FOREIGN KEY ("aprovado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "regras" ADD CONSTRAINT "regras_escopo_ck" CHECK (("regras"."escopo" in ('GENERALIDADE', 'ADICIONAL') and "regras"."tabela_rota_uid" is null) or ("regras"."escopo" = 'ROTA' and "regras"."tabela_rota_uid" is not null));--> statement-breakpoint
ALTER TABLE "tributos" ADD CONSTRAINT "tributos_tipo_ck" CHECK ("tributos"."tipo" in ('INTERNO', 'INTERESTADUAL', 'IMPORTADO', 'PIS_COFINS', 'TRANSPORTE'));