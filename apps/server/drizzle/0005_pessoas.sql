CREATE TABLE "pessoas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"tipo_pessoa" char(1) NOT NULL,
	"documento" varchar(14) NOT NULL,
	"ie" varchar(20),
	"nome" varchar(150) NOT NULL,
	"nome_fantasia" varchar(150),
	"cep" varchar(8),
	"logradouro" varchar(150),
	"numero" varchar(20),
	"complemento" varchar(100),
	"bairro" varchar(100),
	"municipio_ibge" varchar(7),
	"uf" varchar(2),
	"email" varchar(150),
	"telefone" varchar(20),
	"remetente" boolean DEFAULT false NOT NULL,
	"destinatario" boolean DEFAULT false NOT NULL,
	"tomador" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pessoas_tipo_pessoa_ck" CHECK ("pessoas"."tipo_pessoa" in ('F', 'J'))
);
--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pessoas_documento_uq" ON "pessoas" USING btree ("embarcador_uid","documento" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "pessoas_nome_idx" ON "pessoas" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE INDEX "pessoas_municipio_idx" ON "pessoas" USING btree ("municipio_ibge");