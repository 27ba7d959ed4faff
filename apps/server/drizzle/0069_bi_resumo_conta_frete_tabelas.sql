CREATE TABLE "resumo_bi_conta_frete" (
	"doc" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"faturas" integer NOT NULL,
	"pagas" integer NOT NULL,
	"valor" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_contas_frete" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"faturas" integer NOT NULL,
	"pagas" integer NOT NULL,
	"valor" numeric(18, 2) NOT NULL,
	CONSTRAINT "resumo_bi_contas_frete_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid")
);
--> statement-breakpoint
ALTER TABLE "resumo_bi_auditoria" ADD COLUMN "calculo_aprovado" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditoria" ADD COLUMN "calculo_divergente" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditoria" ADD COLUMN "divergencia_valorada" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditoria" ADD COLUMN "valor_divergencia" numeric(18, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditorias" ADD COLUMN "calculo_aprovado" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditorias" ADD COLUMN "calculo_divergente" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditorias" ADD COLUMN "divergencia_valorada" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "resumo_bi_auditorias" ADD COLUMN "valor_divergencia" numeric(18, 2) DEFAULT '0' NOT NULL;