CREATE TABLE `__new_letter_mailings` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`property_id` text NOT NULL,
	`document_id` text,
	`claim_key` text NOT NULL,
	`status` text NOT NULL,
	`recipient_name` text NOT NULL,
	`recipient_address` text NOT NULL,
	`amount` integer NOT NULL,
	`actor_id` text NOT NULL,
	`provider` text,
	`tracking_id` text,
	`mailed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`property_id`) REFERENCES `properties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `documents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_letter_mailings` (`id`, `user_id`, `property_id`, `document_id`, `claim_key`, `status`, `recipient_name`, `recipient_address`, `amount`, `actor_id`, `provider`, `tracking_id`, `mailed_at`, `created_at`)
	SELECT `id`, `user_id`, `property_id`, `document_id`, `claim_key`, `status`, `recipient_name`, `recipient_address`, `amount`, `user_id`, `provider`, `tracking_id`, `mailed_at`, `created_at` FROM `letter_mailings`;--> statement-breakpoint
DROP TABLE `letter_mailings`;--> statement-breakpoint
ALTER TABLE `__new_letter_mailings` RENAME TO `letter_mailings`;--> statement-breakpoint
CREATE UNIQUE INDEX `letter_mailings_user_claim_idx` ON `letter_mailings` (`user_id`,`claim_key`);--> statement-breakpoint
CREATE INDEX `letter_mailings_user_property_idx` ON `letter_mailings` (`user_id`,`property_id`);
