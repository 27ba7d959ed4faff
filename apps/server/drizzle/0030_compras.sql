CREATE TABLE "carga_nfes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solicitacao_uid" uuid,
	"cotacao_uid" uuid,
	"embarque_uid" uuid,
	"nfe_uid" uuid,
	"chave" varchar(44),
	"numero" integer NOT NULL,
	"serie" smallint DEFAULT 1 NOT NULL,
	"emitente_cnpj" varchar(14),
	"valor" numeric(14, 2) NOT NULL,
	"peso_kg" numeric(14, 3) NOT NULL,
	"volume_m_3" numeric(14, 6),
	"volumes" integer DEFAULT 0 NOT NULL,
	"frete_esperado" numeric(14, 2),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carga_nfes_dono_ck" CHECK (num_nonnulls("carga_nfes"."solicitacao_uid", "carga_nfes"."cotacao_uid", "carga_nfes"."embarque_uid") = 1)
);
--> statement-breakpoint
CREATE TABLE "carga_produtos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"solicitacao_uid" uuid,
	"cotacao_uid" uuid,
	"embarque_uid" uuid,
	"produto_uid" uuid,
	"descricao" varchar(255) NOT NULL,
	"quantidade" numeric(14, 3) NOT NULL,
	"peso_kg" numeric(14, 3) NOT NULL,
	"volume_m_3" numeric(14, 6),
	"valor" numeric(14, 2) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carga_produtos_dono_ck" CHECK (num_nonnulls("carga_produtos"."solicitacao_uid", "carga_produtos"."cotacao_uid", "carga_produtos"."embarque_uid") = 1)
);
--> statement-breakpoint
CREATE TABLE "cotacao_transportadores" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cotacao_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"convidado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"respondido_em" timestamp with time zone,
	"respondido_por" uuid,
	"valor_total" numeric(14, 2),
	"valor_kg" numeric(14, 4),
	"valor_veiculo" numeric(14, 2),
	"valor_frete" numeric(14, 2),
	"prazo_dias_uteis" smallint,
	"validade" date,
	"horas_livres_carregamento" smallint,
	"valor_diaria" numeric(14, 2),
	"observacao" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cotacoes_frete" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "cotacoes_frete_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"solicitacao_uid" uuid,
	"status" smallint DEFAULT 1 NOT NULL,
	"situacao_aprovacao" smallint DEFAULT 1 NOT NULL,
	"indica_aprovacao_usuario" boolean DEFAULT false NOT NULL,
	"tipo_carga" varchar(3) DEFAULT 'LTL' NOT NULL,
	"prazo_resposta" timestamp with time zone,
	"valor_alvo" numeric(14, 2),
	"origem_cep" varchar(8),
	"origem_municipio_ibge" varchar(7),
	"destino_cep" varchar(8),
	"destino_municipio_ibge" varchar(7),
	"remetente_uid" uuid,
	"destinatario_uid" uuid,
	"data_coleta_desejada" date,
	"tipo_veiculo_uid" uuid,
	"observacao" varchar(1000),
	"vencedor_transportador_uid" uuid,
	"valor_aprovado" numeric(14, 2),
	"aprovado_por" uuid,
	"aprovado_em" timestamp with time zone,
	"justificativa" varchar(1000),
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "embarques" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "embarques_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" smallint DEFAULT 1 NOT NULL,
	"justificativa_status" varchar(1000),
	"cotacao_uid" uuid,
	"transportador_uid" uuid,
	"origem_cep" varchar(8),
	"origem_municipio_ibge" varchar(7),
	"destino_cep" varchar(8),
	"destino_municipio_ibge" varchar(7),
	"tipo_veiculo_uid" uuid,
	"data_embarque" date,
	"frete_acordado" numeric(14, 2),
	"observacao" varchar(1000),
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulacoes_frete" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarque_uid" uuid NOT NULL,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"peso_kg" numeric(14, 3) NOT NULL,
	"valor_mercadoria" numeric(14, 2) NOT NULL,
	"quantidade_cotacoes" integer NOT NULL,
	"melhor_valor" numeric(14, 2),
	"resultado" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "solicitacoes_frete" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "solicitacoes_frete_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"status" smallint DEFAULT 1 NOT NULL,
	"justificativa_status" varchar(1000),
	"origem_cep" varchar(8),
	"origem_municipio_ibge" varchar(7),
	"destino_cep" varchar(8),
	"destino_municipio_ibge" varchar(7),
	"remetente_uid" uuid,
	"destinatario_uid" uuid,
	"data_coleta_desejada" date,
	"tipo_veiculo_uid" uuid,
	"observacao" varchar(1000),
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "papeis" ADD COLUMN "alcada_aprovacao" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD CONSTRAINT "carga_nfes_solicitacao_uid_solicitacoes_frete_uid_fk" FOREIGN KEY ("solicitacao_uid") REFERENCES "public"."solicitacoes_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD CONSTRAINT "carga_nfes_cotacao_uid_cotacoes_frete_uid_fk" FOREIGN KEY ("cotacao_uid") REFERENCES "public"."cotacoes_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_nfes" ADD CONSTRAINT "carga_nfes_embarque_uid_embarques_uid_fk" FOREIGN KEY ("embarque_uid") REFERENCES "public"."embarques"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD CONSTRAINT "carga_produtos_solicitacao_uid_solicitacoes_frete_uid_fk" FOREIGN KEY ("solicitacao_uid") REFERENCES "public"."solicitacoes_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD CONSTRAINT "carga_produtos_cotacao_uid_cotacoes_frete_uid_fk" FOREIGN KEY ("cotacao_uid") REFERENCES "public"."cotacoes_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD CONSTRAINT "carga_produtos_embarque_uid_embarques_uid_fk" FOREIGN KEY ("embarque_uid") REFERENCES "public"."embarques"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carga_produtos" ADD CONSTRAINT "carga_produtos_produto_uid_produtos_uid_fk" FOREIGN KEY ("produto_uid") REFERENCES "public"."produtos"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_transportadores" ADD CONSTRAINT "cotacao_transportadores_cotacao_uid_cotacoes_frete_uid_fk" FOREIGN KEY ("cotacao_uid") REFERENCES "public"."cotacoes_frete"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_transportadores" ADD CONSTRAINT "cotacao_transportadores_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacao_transportadores" ADD CONSTRAINT "cotacao_transportadores_respondido_por_usuarios_uid_fk" FOREIGN KEY ("respondido_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_solicitacao_uid_solicitacoes_frete_uid_fk" FOREIGN KEY ("solicitacao_uid") REFERENCES "public"."solicitacoes_frete"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_origem_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_destino_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_remetente_uid_pessoas_uid_fk" FOREIGN KEY ("remetente_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_destinatario_uid_pessoas_uid_fk" FOREIGN KEY ("destinatario_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_vencedor_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("vencedor_transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_aprovado_por_usuarios_uid_fk" FOREIGN KEY ("aprovado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cotacoes_frete" ADD CONSTRAINT "cotacoes_frete_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_cotacao_uid_cotacoes_frete_uid_fk" FOREIGN KEY ("cotacao_uid") REFERENCES "public"."cotacoes_frete"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_origem_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_destino_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarques" ADD CONSTRAINT "embarques_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulacoes_frete" ADD CONSTRAINT "simulacoes_frete_embarque_uid_embarques_uid_fk" FOREIGN KEY ("embarque_uid") REFERENCES "public"."embarques"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulacoes_frete" ADD CONSTRAINT "simulacoes_frete_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_origem_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_destino_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_remetente_uid_pessoas_uid_fk" FOREIGN KEY ("remetente_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_destinatario_uid_pessoas_uid_fk" FOREIGN KEY ("destinatario_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "solicitacoes_frete" ADD CONSTRAINT "solicitacoes_frete_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carga_nfes_solicitacao_uid_index" ON "carga_nfes" USING btree ("solicitacao_uid");--> statement-breakpoint
CREATE INDEX "carga_nfes_cotacao_uid_index" ON "carga_nfes" USING btree ("cotacao_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "carga_nfes_solicitacao_chave_uq" ON "carga_nfes" USING btree ("solicitacao_uid","chave");--> statement-breakpoint
CREATE UNIQUE INDEX "carga_nfes_cotacao_chave_uq" ON "carga_nfes" USING btree ("cotacao_uid","chave");--> statement-breakpoint
CREATE INDEX "carga_nfes_embarque_uid_index" ON "carga_nfes" USING btree ("embarque_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "carga_nfes_embarque_chave_uq" ON "carga_nfes" USING btree ("embarque_uid","chave");--> statement-breakpoint
CREATE INDEX "carga_produtos_solicitacao_uid_index" ON "carga_produtos" USING btree ("solicitacao_uid");--> statement-breakpoint
CREATE INDEX "carga_produtos_cotacao_uid_index" ON "carga_produtos" USING btree ("cotacao_uid");--> statement-breakpoint
CREATE INDEX "carga_produtos_embarque_uid_index" ON "carga_produtos" USING btree ("embarque_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "cotacao_transportadores_uq" ON "cotacao_transportadores" USING btree ("cotacao_uid","transportador_uid");--> statement-breakpoint
CREATE INDEX "cotacao_transportadores_transportador_uid_index" ON "cotacao_transportadores" USING btree ("transportador_uid");--> statement-breakpoint
CREATE INDEX "cotacoes_frete_lista_idx" ON "cotacoes_frete" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "cotacoes_frete_embarcador_uid_status_index" ON "cotacoes_frete" USING btree ("embarcador_uid","status");--> statement-breakpoint
CREATE INDEX "cotacoes_frete_solicitacao_uid_index" ON "cotacoes_frete" USING btree ("solicitacao_uid");--> statement-breakpoint
CREATE INDEX "embarques_lista_idx" ON "embarques" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "embarques_cotacao_uid_index" ON "embarques" USING btree ("cotacao_uid");--> statement-breakpoint
CREATE INDEX "embarques_embarcador_uid_status_index" ON "embarques" USING btree ("embarcador_uid","status");--> statement-breakpoint
CREATE INDEX "simulacoes_frete_embarque_uid_criado_em_index" ON "simulacoes_frete" USING btree ("embarque_uid","criado_em");--> statement-breakpoint
CREATE INDEX "solicitacoes_frete_lista_idx" ON "solicitacoes_frete" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "solicitacoes_frete_embarcador_uid_status_index" ON "solicitacoes_frete" USING btree ("embarcador_uid","status");