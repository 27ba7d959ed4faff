CREATE TABLE "motoristas" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"nome" varchar(150) NOT NULL,
	"cpf" varchar(11) NOT NULL,
	"cnh_numero" varchar(11) NOT NULL,
	"cnh_categoria" varchar(2) NOT NULL,
	"cnh_validade" date NOT NULL,
	"telefone" varchar(20),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tipos_veiculo" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"nome" varchar(80) NOT NULL,
	"capacidade_kg" numeric(12, 2) NOT NULL,
	"capacidade_m3" numeric(10, 2) NOT NULL,
	"eixos" smallint NOT NULL,
	"tipo_carroceria" varchar(20) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tipos_veiculo_nome_uq" UNIQUE NULLS NOT DISTINCT("embarcador_uid","nome"),
	CONSTRAINT "tipos_veiculo_eixos_ck" CHECK ("tipos_veiculo"."eixos" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "veiculos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"placa" varchar(7) NOT NULL,
	"renavam" varchar(11) NOT NULL,
	"tipo_veiculo_uid" uuid NOT NULL,
	"capacidade_kg" numeric(12, 2) NOT NULL,
	"capacidade_m3" numeric(10, 2) NOT NULL,
	"ano" smallint,
	"proprietario" varchar(10) DEFAULT 'PROPRIO' NOT NULL,
	"uf_licenciamento" varchar(2),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "motoristas" ADD CONSTRAINT "motoristas_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tipos_veiculo" ADD CONSTRAINT "tipos_veiculo_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "veiculos" ADD CONSTRAINT "veiculos_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "motoristas_cpf_uq" ON "motoristas" USING btree ("transportador_uid","cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "motoristas_cnh_uq" ON "motoristas" USING btree ("transportador_uid","cnh_numero");--> statement-breakpoint
CREATE INDEX "motoristas_nome_idx" ON "motoristas" USING btree ("transportador_uid","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "veiculos_placa_uq" ON "veiculos" USING btree ("transportador_uid","placa");--> statement-breakpoint
CREATE UNIQUE INDEX "veiculos_renavam_uq" ON "veiculos" USING btree ("transportador_uid","renavam");--> statement-breakpoint
CREATE INDEX "veiculos_tipo_idx" ON "veiculos" USING btree ("tipo_veiculo_uid");