CREATE TABLE "centros_custo" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"codigo" varchar(20) NOT NULL,
	"nome" varchar(120) NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "departamentos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(120) NOT NULL,
	"descricao" varchar(255),
	"centro_custo_uid" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"usuario_uid" uuid NOT NULL,
	"nome" varchar(80) NOT NULL,
	"prefixo" varchar(16) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"expira_em" timestamp with time zone,
	"ultimo_uso" timestamp with time zone,
	"revogado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_tokens_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "embarcador_transportador" (
	"embarcador_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embarcador_transportador_embarcador_uid_transportador_uid_pk" PRIMARY KEY("embarcador_uid","transportador_uid")
);
--> statement-breakpoint
CREATE TABLE "embarcadores" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id" serial NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_fantasia" varchar(150),
	"cnpj" varchar(14) NOT NULL,
	"email" varchar(150),
	"telefone" varchar(20),
	"cep" varchar(8),
	"uf" varchar(2),
	"municipio_ibge" varchar(7),
	"logo_arquivo_uid" uuid,
	"certificado_arquivo_uid" uuid,
	"certificado_senha_cifrada" text,
	"expiracao_certificado" varchar(10),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embarcadores_id_unique" UNIQUE("id"),
	CONSTRAINT "embarcadores_cnpj_uq" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "papeis" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(80) NOT NULL,
	"descricao" varchar(255),
	"tipo" smallint DEFAULT 1 NOT NULL,
	"permissoes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_usuarios_transportador" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"usuario_uid" uuid NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"decidido_em" timestamp with time zone,
	"decidido_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens_conta" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_uid" uuid NOT NULL,
	"tipo" varchar(12) NOT NULL,
	"hash" varchar(64) NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_conta_hash_unique" UNIQUE("hash")
);
--> statement-breakpoint
CREATE TABLE "transportadores" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id" serial NOT NULL,
	"nome" varchar(150) NOT NULL,
	"nome_fantasia" varchar(150),
	"cnpj" varchar(14) NOT NULL,
	"ie" varchar(20),
	"rntrc" varchar(12),
	"email" varchar(150),
	"telefone" varchar(20),
	"cep" varchar(8),
	"uf" varchar(2),
	"municipio_ibge" varchar(7),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transportadores_id_unique" UNIQUE("id"),
	CONSTRAINT "transportadores_cnpj_uq" UNIQUE("cnpj")
);
--> statement-breakpoint
CREATE TABLE "unidades_embarcador" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(150) NOT NULL,
	"apelido" varchar(60),
	"documento" varchar(14),
	"cep" varchar(8),
	"uf" varchar(2),
	"municipio_ibge" varchar(7),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unidades_transportador" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transportador_uid" uuid NOT NULL,
	"nome" varchar(150) NOT NULL,
	"apelido" varchar(60),
	"documento" varchar(14) NOT NULL,
	"indica_autonomo" boolean DEFAULT false NOT NULL,
	"cep" varchar(8),
	"uf" varchar(2),
	"municipio_ibge" varchar(7),
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuario_embarcador" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"usuario_uid" uuid NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"papel_uid" uuid,
	"unidade_uid" uuid,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"login" varchar(150) NOT NULL,
	"nome" varchar(150) NOT NULL,
	"apelido" varchar(60),
	"senha_hash" text,
	"tipo_usuario" smallint DEFAULT 1 NOT NULL,
	"status_usuario" smallint DEFAULT 1 NOT NULL,
	"foto_arquivo_uid" uuid,
	"transportador_uid" uuid,
	"unidade_transportador_uid" uuid,
	"ultimo_embarcador_uid" uuid,
	"ultimo_login" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuarios_login_uq" UNIQUE("login")
);
--> statement-breakpoint
CREATE TABLE "arquivos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"tipo" varchar(30) NOT NULL,
	"nome" varchar(255) NOT NULL,
	"tipo_conteudo" varchar(120) NOT NULL,
	"tamanho" bigint NOT NULL,
	"chave" varchar(255) NOT NULL,
	"criado_por" uuid,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auditoria_sistema" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid,
	"usuario_uid" uuid,
	"recurso" varchar(60) NOT NULL,
	"registro_uid" varchar(80) NOT NULL,
	"acao" varchar(20) NOT NULL,
	"antes" jsonb,
	"depois" jsonb,
	"em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"para" varchar(150) NOT NULL,
	"assunto" varchar(255) NOT NULL,
	"texto" text NOT NULL,
	"html" text,
	"enviado_em" timestamp with time zone,
	"erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "centros_custo" ADD CONSTRAINT "centros_custo_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departamentos" ADD CONSTRAINT "departamentos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departamentos" ADD CONSTRAINT "departamentos_centro_custo_uid_centros_custo_uid_fk" FOREIGN KEY ("centro_custo_uid") REFERENCES "public"."centros_custo"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarcador_transportador" ADD CONSTRAINT "embarcador_transportador_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "embarcador_transportador" ADD CONSTRAINT "embarcador_transportador_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "papeis" ADD CONSTRAINT "papeis_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_usuarios_transportador" ADD CONSTRAINT "pre_usuarios_transportador_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_usuarios_transportador" ADD CONSTRAINT "pre_usuarios_transportador_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_usuarios_transportador" ADD CONSTRAINT "pre_usuarios_transportador_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens_conta" ADD CONSTRAINT "tokens_conta_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_embarcador" ADD CONSTRAINT "unidades_embarcador_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unidades_transportador" ADD CONSTRAINT "unidades_transportador_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_embarcador" ADD CONSTRAINT "usuario_embarcador_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_embarcador" ADD CONSTRAINT "usuario_embarcador_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_embarcador" ADD CONSTRAINT "usuario_embarcador_papel_uid_papeis_uid_fk" FOREIGN KEY ("papel_uid") REFERENCES "public"."papeis"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_embarcador" ADD CONSTRAINT "usuario_embarcador_unidade_uid_unidades_embarcador_uid_fk" FOREIGN KEY ("unidade_uid") REFERENCES "public"."unidades_embarcador"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_transportador_uid_transportadores_uid_fk" FOREIGN KEY ("transportador_uid") REFERENCES "public"."transportadores"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_unidade_transportador_uid_unidades_transportador_uid_fk" FOREIGN KEY ("unidade_transportador_uid") REFERENCES "public"."unidades_transportador"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "centros_custo_codigo_uq" ON "centros_custo" USING btree ("embarcador_uid","codigo");--> statement-breakpoint
CREATE INDEX "centros_custo_nome_idx" ON "centros_custo" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "departamentos_nome_uq" ON "departamentos" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE INDEX "departamentos_centro_custo_uid_index" ON "departamentos" USING btree ("centro_custo_uid");--> statement-breakpoint
CREATE INDEX "api_tokens_embarcador_uid_index" ON "api_tokens" USING btree ("embarcador_uid");--> statement-breakpoint
CREATE INDEX "embarcador_transportador_transportador_uid_index" ON "embarcador_transportador" USING btree ("transportador_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "papeis_nome_uq" ON "papeis" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "pre_usuarios_uq" ON "pre_usuarios_transportador" USING btree ("embarcador_uid","usuario_uid");--> statement-breakpoint
CREATE INDEX "unidades_embarcador_embarcador_uid_index" ON "unidades_embarcador" USING btree ("embarcador_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_embarcador_documento_uq" ON "unidades_embarcador" USING btree ("embarcador_uid","documento");--> statement-breakpoint
CREATE INDEX "unidades_transportador_transportador_uid_index" ON "unidades_transportador" USING btree ("transportador_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "unidades_transportador_documento_uq" ON "unidades_transportador" USING btree ("transportador_uid","documento");--> statement-breakpoint
CREATE UNIQUE INDEX "usuario_embarcador_uq" ON "usuario_embarcador" USING btree ("usuario_uid","embarcador_uid");--> statement-breakpoint
CREATE INDEX "usuario_embarcador_embarcador_uid_index" ON "usuario_embarcador" USING btree ("embarcador_uid");--> statement-breakpoint
CREATE INDEX "usuarios_transportador_uid_index" ON "usuarios" USING btree ("transportador_uid");--> statement-breakpoint
CREATE INDEX "auditoria_sistema_embarcador_uid_em_index" ON "auditoria_sistema" USING btree ("embarcador_uid","em");--> statement-breakpoint
CREATE INDEX "auditoria_sistema_recurso_registro_uid_index" ON "auditoria_sistema" USING btree ("recurso","registro_uid");