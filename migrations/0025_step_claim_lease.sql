ALTER TABLE `follow_up_steps` ADD `claimed_at` integer;--> statement-breakpoint
ALTER TABLE `follow_up_steps` ADD `claimed_input` text;--> statement-breakpoint
CREATE INDEX `follow_up_steps_claims_idx` ON `follow_up_steps` (`status`,`claimed_at`);