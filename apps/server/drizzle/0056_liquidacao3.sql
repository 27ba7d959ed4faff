CREATE TABLE "tabelas_rpa" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"vigencia_inicio" date NOT NULL,
	"vigencia_fim" date,
	"teto_inss" numeric(15, 2) NOT NULL,
	"percentual_base_inss" numeric(9, 4) NOT NULL,
	"aliquota_inss" numeric(9, 4) NOT NULL,
	"aliquota_sest" numeric(9, 4) NOT NULL,
	"aliquota_senat" numeric(9, 4) NOT NULL,
	"aliquota_inss_patronal" numeric(9, 4) NOT NULL,
	"percentual_base_irrf" numeric(9, 4) NOT NULL,
	"deducao_dependente" numeric(15, 2) NOT NULL,
	"faixas_irrf" jsonb NOT NULL,
	"reducao_irrf" jsonb,
	"fonte" varchar(500),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tabelas_rpa" ADD CONSTRAINT "tabelas_rpa_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tabelas_rpa_inicio_uq" ON "tabelas_rpa" USING btree ("embarcador_uid","vigencia_inicio");--> statement-breakpoint
CREATE INDEX "pre_faturas_transportador_idx" ON "pre_faturas" USING btree ("transportador_uid","status","criado_em");