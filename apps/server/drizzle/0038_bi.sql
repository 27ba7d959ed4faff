CREATE TABLE "bi_configuracoes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"embarcador_uid" uuid NOT NULL,
	"usuario_uid" uuid NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bi_configuracoes" ADD CONSTRAINT "bi_configuracoes_embarcador_uid_embarcadores_uid_fk" FOREIGN KEY ("embarcador_uid") REFERENCES "public"."embarcadores"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bi_configuracoes" ADD CONSTRAINT "bi_configuracoes_usuario_uid_usuarios_uid_fk" FOREIGN KEY ("usuario_uid") REFERENCES "public"."usuarios"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bi_configuracoes_uq" ON "bi_configuracoes" USING btree ("embarcador_uid","usuario_uid");