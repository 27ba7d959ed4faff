-- Permission resources take the API's word (setor, zona, tiposveiculo), like the module and the web path:
-- roles and audit rows written with the old codes are renamed.
UPDATE "papeis" SET "permissoes" = ("permissoes" - 'setores') || jsonb_build_object('setor', "permissoes" -> 'setores') WHERE "permissoes" ? 'setores';--> statement-breakpoint
UPDATE "papeis" SET "permissoes" = ("permissoes" - 'zonas') || jsonb_build_object('zona', "permissoes" -> 'zonas') WHERE "permissoes" ? 'zonas';--> statement-breakpoint
UPDATE "papeis" SET "permissoes" = ("permissoes" - 'tipos-veiculo') || jsonb_build_object('tiposveiculo', "permissoes" -> 'tipos-veiculo') WHERE "permissoes" ? 'tipos-veiculo';--> statement-breakpoint
UPDATE "auditoria_sistema" SET "recurso" = 'setor' WHERE "recurso" = 'setores';--> statement-breakpoint
UPDATE "auditoria_sistema" SET "recurso" = 'zona' WHERE "recurso" = 'zonas';--> statement-breakpoint
UPDATE "auditoria_sistema" SET "recurso" = 'tiposveiculo' WHERE "recurso" = 'tipos-veiculo';
