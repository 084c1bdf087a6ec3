ALTER TABLE `saved_searches` ADD `last_run_at` integer;--> statement-breakpoint
ALTER TABLE `saved_searches` ADD `last_run_note` text;--> statement-breakpoint
CREATE UNIQUE INDEX `saved_searches_user_name_idx` ON `saved_searches` (`user_id`,`name`);--> statement-breakpoint
CREATE INDEX `saved_searches_active_run_idx` ON `saved_searches` (`is_active`,`last_run_at`);