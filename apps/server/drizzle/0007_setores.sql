CREATE TABLE "setores" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(255),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zonas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(1000),
	"uf" varchar(2),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "setores" ADD CONSTRAINT "setores_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zonas" ADD CONSTRAINT "zonas_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "setores_codigo_uq" ON "setores" USING btree ("embarcador_uid","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "setores_nome_uq" ON "setores" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "zonas_codigo_uq" ON "zonas" USING btree ("embarcador_uid","codigo");--> statement-breakpoint
CREATE UNIQUE INDEX "zonas_nome_uq" ON "zonas" USING btree ("embarcador_uid","nome");