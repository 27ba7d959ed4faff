CREATE TABLE "estados" (
	"sigla" varchar(2) PRIMARY KEY NOT NULL,
	"nome" varchar(40) NOT NULL,
	"codigo_ibge" smallint NOT NULL,
	"regiao" varchar(2) NOT NULL,
	CONSTRAINT "estados_codigo_ibge_uq" UNIQUE("codigo_ibge")
);
--> statement-breakpoint
CREATE TABLE "faixas_cep_uf" (
	"uf" varchar(2) NOT NULL,
	"cep_inicio" varchar(8) NOT NULL,
	"cep_fim" varchar(8) NOT NULL,
	CONSTRAINT "faixas_cep_uf_uf_cep_inicio_pk" PRIMARY KEY("uf","cep_inicio")
);
--> statement-breakpoint
CREATE TABLE "municipios" (
	"ibge" varchar(7) PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"uf" varchar(2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "paises" (
	"codigo" varchar(4) PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"sigla" varchar(2) NOT NULL,
	CONSTRAINT "paises_sigla_uq" UNIQUE("sigla")
);
--> statement-breakpoint
ALTER TABLE "faixas_cep_uf" ADD CONSTRAINT "faixas_cep_uf_uf_estados_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."estados"("sigla") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "municipios" ADD CONSTRAINT "municipios_uf_estados_sigla_fk" FOREIGN KEY ("uf") REFERENCES "public"."estados"("sigla") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "faixas_cep_uf_inicio_idx" ON "faixas_cep_uf" USING btree ("cep_inicio","cep_fim");--> statement-breakpoint
CREATE INDEX "municipios_uf_nome_idx" ON "municipios" USING btree ("uf","nome");