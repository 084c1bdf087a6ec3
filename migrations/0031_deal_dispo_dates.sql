ALTER TABLE `deals` ADD `contracted_at` integer;--> statement-breakpoint
ALTER TABLE `deals` ADD `assigned_at` integer;