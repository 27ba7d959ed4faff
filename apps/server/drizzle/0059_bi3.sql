CREATE TABLE "resumo_bi_ctes" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"nome_sem_cadastro" varchar(255),
	"ctes" integer NOT NULL,
	"valor_prestacao" numeric(18, 2) NOT NULL,
	"valor_carga" numeric(18, 2) NOT NULL,
	"peso_carga" numeric(18, 4) NOT NULL,
	CONSTRAINT "resumo_bi_ctes_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf","nome_sem_cadastro")
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_nota" (
	"nfe_uid" uuid PRIMARY KEY NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"nome_sem_cadastro" varchar(255),
	"valor_total" numeric(18, 2) NOT NULL,
	"entregue" integer NOT NULL,
	"dias_entrega" numeric,
	"com_prazo" integer NOT NULL,
	"no_prazo" integer NOT NULL,
	"com_atraso" integer NOT NULL,
	"dias_atraso" integer NOT NULL,
	"primeira_tentativa" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumo_bi_notas" (
	"embarcador_uid" uuid NOT NULL,
	"dia" date NOT NULL,
	"transportador_uid" uuid,
	"uf" varchar(2),
	"nome_sem_cadastro" varchar(255),
	"notas" integer NOT NULL,
	"valor_total" numeric(18, 2) NOT NULL,
	"entregues" integer NOT NULL,
	"soma_dias_entrega" numeric NOT NULL,
	"com_prazo" integer NOT NULL,
	"no_prazo" integer NOT NULL,
	"com_atraso" integer NOT NULL,
	"soma_dias_atraso" integer NOT NULL,
	"primeira_tentativa" integer NOT NULL,
	CONSTRAINT "resumo_bi_notas_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","dia","transportador_uid","uf","nome_sem_cadastro")
);
--> statement-breakpoint
CREATE INDEX "rastreios_pendentes_idx" ON "rastreios" USING btree ("embarcador_uid","data_prevista") WHERE data_entrega is null;