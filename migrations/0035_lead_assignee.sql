ALTER TABLE `properties` ADD `assigned_to` text REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `properties_user_assignee_idx` ON `properties` (`user_id`,`assigned_to`);--> statement-breakpoint
UPDATE `properties` SET `assigned_to` = `user_id`;--> statement-breakpoint
CREATE TRIGGER `properties_default_assignee` AFTER INSERT ON `properties` WHEN NEW.`assigned_to` IS NULL
BEGIN
	UPDATE `properties` SET `assigned_to` = NEW.`user_id` WHERE `id` = NEW.`id`;
END;
