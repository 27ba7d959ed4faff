CREATE TABLE "notificacao_disparos" (
	"embarcador_uid" uuid NOT NULL,
	"chave" varchar(200) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notificacao_disparos_embarcador_uid_chave_pk" PRIMARY KEY("embarcador_uid","chave")
);
--> statement-breakpoint
CREATE TABLE "notificacao_emails" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"notificacao_uid" uuid,
	"para" varchar(150) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"texto" text NOT NULL,
	"link" varchar(300),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"reservado_ate" timestamp with time zone,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"enviado_em" timestamp with time zone,
	"caixa_saida_uid" uuid
);
--> statement-breakpoint
CREATE TABLE "notificacao_grupos" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"nome" varchar(80) NOT NULL,
	"descricao" varchar(255),
	"usuario_uids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacao_parametros" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"tipo" varchar(60) NOT NULL,
	"grupo_uids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"app" boolean DEFAULT true NOT NULL,
	"email" boolean DEFAULT false NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"usuario_uid" uuid NOT NULL,
	"tipo" varchar(60) NOT NULL,
	"recurso" varchar(60),
	"registro_uid" uuid,
	"titulo" varchar(200) NOT NULL,
	"mensagem" text NOT NULL,
	"link" varchar(300),
	"data_leitura" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacao_disparos" ADD CONSTRAINT "notificacao_disparos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_emails" ADD CONSTRAINT "notificacao_emails_notificacao_uid_notificacoes_uid_fk" FOREIGN KEY ("notificacao_uid") REFERENCES "public"."notificacoes"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_grupos" ADD CONSTRAINT "notificacao_grupos_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacao_parametros" ADD CONSTRAINT "notificacao_parametros_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notificacao_emails_pendentes_idx" ON "notificacao_emails" USING btree ("criado_em") WHERE enviado_em is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notificacao_grupos_nome_uq" ON "notificacao_grupos" USING btree ("embarcador_uid","nome");--> statement-breakpoint
CREATE UNIQUE INDEX "notificacao_parametros_tipo_uq" ON "notificacao_parametros" USING btree ("embarcador_uid","tipo");--> statement-breakpoint
CREATE INDEX "notificacoes_usuario_idx" ON "notificacoes" USING btree ("usuario_uid","embarcador_uid","criado_em" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificacoes_nao_lidas_idx" ON "notificacoes" USING btree ("usuario_uid","embarcador_uid") WHERE data_leitura is null;