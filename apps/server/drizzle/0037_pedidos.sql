CREATE TABLE "pedido_simulacoes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pedido_uid" uuid NOT NULL,
	"lote" uuid NOT NULL,
	"posicao" smallint NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"transportador_nome" varchar(255) NOT NULL,
	"tabela_uid" uuid,
	"tabela_nome" varchar(255) NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"prazo_dias_uteis" smallint NOT NULL,
	"data_prevista_entrega" date NOT NULL,
	"calculo" jsonb NOT NULL,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pedidos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" varchar(30) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"cliente_uid" uuid,
	"origem_cep" varchar(8),
	"origem_municipio_ibge" varchar(7),
	"destino_cep" varchar(8),
	"destino_municipio_ibge" varchar(7),
	"peso_kg" numeric(14, 3) NOT NULL,
	"volume_m_3" numeric(14, 6),
	"valor" numeric(14, 2) NOT NULL,
	"volumes" integer DEFAULT 0 NOT NULL,
	"data_prevista" date,
	"tipo_veiculo_uid" uuid,
	"observacao" varchar(1000),
	"nfe_uid" uuid,
	"transportador_uid" uuid,
	"simulacao_frete_uid" uuid,
	"frete_esperado" numeric(14, 2),
	"prazo_dias_uteis" smallint,
	"cotacao_uid" uuid,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "planejamento_documentos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"planejamento_uid" uuid NOT NULL,
	"nfe_uid" uuid,
	"pedido_uid" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planejamento_documentos_dono_ck" CHECK (num_nonnulls("planejamento_documentos"."nfe_uid", "planejamento_documentos"."pedido_uid") = 1)
);
--> statement-breakpoint
CREATE TABLE "planejamentos_carga" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"numero" integer GENERATED ALWAYS AS IDENTITY (sequence name "planejamentos_carga_numero_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"descricao" varchar(120) NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"origem_cep" varchar(8),
	"origem_municipio_ibge" varchar(7),
	"destino_cep" varchar(8),
	"destino_municipio_ibge" varchar(7),
	"tipo_veiculo_uid" uuid,
	"transportador_uid" uuid,
	"data_embarque" date,
	"observacao" varchar(1000),
	"embarque_uid" uuid,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pedido_simulacoes" ADD CONSTRAINT "pedido_simulacoes_pedido_uid_pedidos_uid_fk" FOREIGN KEY ("pedido_uid") REFERENCES "public"."pedidos"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_simulacoes" ADD CONSTRAINT "pedido_simulacoes_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_simulacoes" ADD CONSTRAINT "pedido_simulacoes_tabela_uid_tabelas_frete_uid_fk" FOREIGN KEY ("tabela_uid") REFERENCES "public"."tabelas_frete"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedido_simulacoes" ADD CONSTRAINT "pedido_simulacoes_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cliente_uid_pessoas_uid_fk" FOREIGN KEY ("cliente_uid") REFERENCES "public"."pessoas"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_origem_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_destino_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_cotacao_uid_cotacoes_frete_uid_fk" FOREIGN KEY ("cotacao_uid") REFERENCES "public"."cotacoes_frete"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pedidos" ADD CONSTRAINT "pedidos_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamento_documentos" ADD CONSTRAINT "planejamento_documentos_planejamento_uid_planejamentos_carga_uid_fk" FOREIGN KEY ("planejamento_uid") REFERENCES "public"."planejamentos_carga"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamento_documentos" ADD CONSTRAINT "planejamento_documentos_nfe_uid_nfes_uid_fk" FOREIGN KEY ("nfe_uid") REFERENCES "public"."nfes"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamento_documentos" ADD CONSTRAINT "planejamento_documentos_pedido_uid_pedidos_uid_fk" FOREIGN KEY ("pedido_uid") REFERENCES "public"."pedidos"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_origem_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("origem_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_destino_municipio_ibge_municipios_ibge_fk" FOREIGN KEY ("destino_municipio_ibge") REFERENCES "public"."municipios"("ibge") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_tipo_veiculo_uid_tipos_veiculo_uid_fk" FOREIGN KEY ("tipo_veiculo_uid") REFERENCES "public"."tipos_veiculo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_embarque_uid_embarques_uid_fk" FOREIGN KEY ("embarque_uid") REFERENCES "public"."embarques"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planejamentos_carga" ADD CONSTRAINT "planejamentos_carga_criado_por_usuarios_uid_fk" FOREIGN KEY ("criado_por") REFERENCES "public"."usuarios"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pedido_simulacoes_pedido_uid_criado_em_index" ON "pedido_simulacoes" USING btree ("pedido_uid","criado_em");--> statement-breakpoint
CREATE UNIQUE INDEX "pedidos_numero_uq" ON "pedidos" USING btree ("embarcador_uid","numero");--> statement-breakpoint
CREATE INDEX "pedidos_embarcador_uid_status_index" ON "pedidos" USING btree ("embarcador_uid","status");--> statement-breakpoint
CREATE INDEX "pedidos_nfe_uid_index" ON "pedidos" USING btree ("nfe_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "planejamento_documentos_nfe_uq" ON "planejamento_documentos" USING btree ("planejamento_uid","nfe_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "planejamento_documentos_pedido_uq" ON "planejamento_documentos" USING btree ("planejamento_uid","pedido_uid");--> statement-breakpoint
CREATE INDEX "planejamento_documentos_nfe_uid_index" ON "planejamento_documentos" USING btree ("nfe_uid");--> statement-breakpoint
CREATE INDEX "planejamento_documentos_pedido_uid_index" ON "planejamento_documentos" USING btree ("pedido_uid");--> statement-breakpoint
CREATE INDEX "planejamentos_carga_lista_idx" ON "planejamentos_carga" USING btree ("embarcador_uid","numero");