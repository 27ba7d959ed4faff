CREATE TABLE "concessoes_aplicadas" (
	"recurso" varchar(60) PRIMARY KEY NOT NULL,
	"aplicada_em" timestamp with time zone DEFAULT now() NOT NULL
);
