CREATE TABLE `buyer_emails` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`deal_id` text NOT NULL,
	`buyer_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`round` integer DEFAULT 1 NOT NULL,
	`blast_key` text NOT NULL,
	`claim_key` text,
	`to_address` text,
	`unsubscribe_token` text NOT NULL,
	`provider_id` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deal_id`) REFERENCES `deals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`buyer_id`) REFERENCES `buyers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_emails_deal_buyer_idx` ON `buyer_emails` (`deal_id`,`buyer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `buyer_emails_token_idx` ON `buyer_emails` (`unsubscribe_token`);--> statement-breakpoint
CREATE INDEX `buyer_emails_user_created_idx` ON `buyer_emails` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;